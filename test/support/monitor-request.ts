/**
 * The body of a monitor that tests create only to have one: a sandbox provider whose status alternates on
 * every check (`test-flapping`), and a webhook URL nothing listens on (a discard port on loopback).
 */
export const flappingMonitor = {
  first_name: 'Dana',
  last_name: 'test-flapping',
  state: 'WA',
  webhook_url: 'http://127.0.0.1:9/hook',
  webhook_secret: 'a-very-secret-value-123',
} as const;
