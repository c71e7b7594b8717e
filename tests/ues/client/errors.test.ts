import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeErrorBody,
  UesApiError,
  UesAuthError,
  UesClient,
  UesConflictError,
  UesNotFoundError,
  UesPermissionError,
  UesServerError,
  UesValidationError,
} from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';
import { startScriptedServer, type ScriptedServer } from './scripted-server.js';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('error mapping against the real simulator', () => {
  let env: ClientUes;
  beforeEach(async () => {
    env = await startClientUes();
  });
  afterEach(async () => {
    await env.close();
  });

  it('401 without a key says so and hints that no apiKey is configured', async () => {
    const anonymous = new UesClient({ baseUrl: env.ues.url, validateResponses: true });
    const error = await caught(anonymous.time.get());
    expect(error).toBeInstanceOf(UesAuthError);
    expect(error).toBeInstanceOf(UesApiError);
    const auth = error as UesAuthError;
    expect(auth.status).toBe(401);
    expect(auth.route).toBe('GET /simulator/time');
    expect(auth.detail).toBe('API key required. Provide X-API-Key header.');
    expect(auth.message).toBe(
      'GET /simulator/time failed with HTTP 401: API key required. Provide X-API-Key header. ' +
        'No apiKey is configured on this UesClient.',
    );
  });

  it('401 with an unknown key', async () => {
    const error = await caught(env.admin.withApiKey('f'.repeat(64)).time.get());
    expect(error).toBeInstanceOf(UesAuthError);
    expect((error as UesAuthError).reason).toBe('Invalid or revoked API key.');
    expect((error as UesAuthError).message).toContain('active (not revoked) key');
  });

  it('403 with a user key names the missing permission', async () => {
    const { client: purple } = await env.userClient(['time:read', 'email:send']);
    const error = await caught(purple.time.advance(60));
    expect(error).toBeInstanceOf(UesPermissionError);
    const denied = error as UesPermissionError;
    expect(denied.status).toBe(403);
    expect(denied.requiredPermission).toBe('time:advance');
    expect(denied.message).toBe(
      'POST /simulator/time/advance failed with HTTP 403: Permission denied. Required permission: time:advance',
    );
  });

  it('404 for an unknown event', async () => {
    const error = await caught(env.admin.events.get('no-such-event'));
    expect(error).toBeInstanceOf(UesNotFoundError);
    expect((error as UesNotFoundError).message).toBe(
      'GET /events/no-such-event failed with HTTP 404: Event no-such-event not found',
    );
  });

  it('409 when starting a running simulation', async () => {
    const error = await caught(env.admin.simulation.start());
    expect(error).toBeInstanceOf(UesConflictError);
    expect((error as UesConflictError).reason).toBe('Simulation is already running');
  });

  it('422 names the offending field', async () => {
    const error = await caught(env.admin.time.advance(0));
    expect(error).toBeInstanceOf(UesValidationError);
    const invalid = error as UesValidationError;
    expect(invalid.status).toBe(422);
    expect(invalid.fieldErrors).toEqual([
      expect.objectContaining({ field: 'body.seconds', loc: ['body', 'seconds'] }),
    ]);
    expect(invalid.message).toMatch(/^POST \/simulator\/time\/advance failed with HTTP 422: body\.seconds: /);
  });

  it('422 for a datetime without a timezone', async () => {
    const error = await caught(
      env.admin.events.create({
        scheduled_time: '2025-01-01T13:00:00',
        modality: 'chat',
        data: { role: 'user', content: 'naive' },
      }),
    );
    expect(error).toBeInstanceOf(UesValidationError);
    expect((error as UesValidationError).fieldErrors.map((field) => field.field)).toContain(
      'body.scheduled_time',
    );
    expect((error as UesValidationError).message).toContain('body.scheduled_time');
  });
});

describe('error mapping of other statuses and bodies', () => {
  let server: ScriptedServer;
  let answers: { status: number; body?: unknown; contentType?: string }[];
  beforeEach(async () => {
    answers = [];
    server = await startScriptedServer((_request, index) => answers[index]!);
  });
  afterEach(async () => {
    await server.close();
  });

  it('maps 5xx to UesServerError and other statuses to UesApiError', async () => {
    const client = new UesClient({ baseUrl: server.url, apiKey: 'k', retry: false });
    answers.push(
      {
        status: 500,
        body: { error: 'Internal Server Error', detail: 'An unexpected error occurred', type: 'X' },
      },
      { status: 418, body: { message: 'short and stout' } },
      { status: 502, body: '<html>bad gateway</html>', contentType: 'text/html' },
    );
    const server500 = await caught(client.health());
    expect(server500).toBeInstanceOf(UesServerError);
    expect((server500 as UesServerError).message).toBe(
      'GET /health failed with HTTP 500: An unexpected error occurred',
    );

    const teapot = await caught(client.health());
    expect(teapot).toBeInstanceOf(UesApiError);
    expect(teapot).not.toBeInstanceOf(UesServerError);
    expect((teapot as UesApiError).reason).toBe('short and stout');

    const gateway = await caught(client.health());
    expect(gateway).toBeInstanceOf(UesServerError);
    expect((gateway as UesServerError).body).toBe('<html>bad gateway</html>');
  });

  it('picks the message from detail, then message, then error', () => {
    expect(describeErrorBody({ detail: 'plain', message: 'no' }, '')).toBe('plain');
    expect(
      describeErrorBody(
        { detail: [{ loc: ['body', 'to_addresses', 0], msg: 'bad address', type: 'x' }] },
        '',
      ),
    ).toBe('body.to_addresses.0: bad address');
    expect(
      describeErrorBody(
        { detail: { message: 'Time advancement blocked by 1 active hold(s)', active_holds: [] } },
        '',
      ),
    ).toBe('Time advancement blocked by 1 active hold(s)');
    expect(
      describeErrorBody({ detail: { detail: 'Batch validation failed at index 2: x', failed_index: 2 } }, ''),
    ).toBe('Batch validation failed at index 2: x');
    expect(describeErrorBody({ detail: { failed_index: 2 } }, '')).toBe('{"failed_index":2}');
    expect(describeErrorBody({ message: 'from message' }, '')).toBe('from message');
    expect(describeErrorBody({ error: 'from error' }, '')).toBe('from error');
    expect(
      describeErrorBody(
        {
          error: 'Validation Error',
          detail: 'The request data failed validation',
          validation_errors: [{ loc: ['subject'], msg: 'required' }],
        },
        '',
      ),
    ).toBe('The request data failed validation: subject: required');
    expect(describeErrorBody('plain text', 'Bad Gateway')).toBe('plain text');
    expect(describeErrorBody(undefined, 'Bad Gateway')).toBe('Bad Gateway');
  });
});
