/** The purple key's permissions are part of the green ↔ purple contract, defined in protocol. */
export { PURPLE_UES_PERMISSIONS as PURPLE_PERMISSIONS } from '../../protocol/purple-permissions.js';
