import { pino, type Logger } from 'pino';

/** A silent logger for tests; set TEST_LOG_LEVEL=debug to see what the code under test logs. */
export function testLogger(): Logger {
  return pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' }, pino.destination(2));
}
