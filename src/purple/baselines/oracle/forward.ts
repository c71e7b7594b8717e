/** The oracle and the gaming baselines forward mail the way the kit's client does. */
export { forwardRequest } from '../../ues/email-compose.js';
