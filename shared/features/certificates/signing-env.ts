/**
 * The environment variables that configure the certificate signer of each mode (signer.ts reads them;
 * the CDK stack and the local stack set them). The test-mode names are the live ones prefixed `TEST_`.
 */
import type { KeyMode } from '../../domain/caller.ts';

export const signingEnv = {
  live: { kmsKeyId: 'SIGNING_KMS_KEY_ID', kmsPreviousKeyIds: 'SIGNING_KMS_PREVIOUS_KEY_IDS', keyFile: 'SIGNING_KEY_FILE' },
  test: { kmsKeyId: 'TEST_SIGNING_KMS_KEY_ID', kmsPreviousKeyIds: 'TEST_SIGNING_KMS_PREVIOUS_KEY_IDS', keyFile: 'TEST_SIGNING_KEY_FILE' },
} as const satisfies Record<KeyMode, Record<string, string>>;
