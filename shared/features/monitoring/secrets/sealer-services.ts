/** The webhook secret sealer of a container, chosen from the configuration. */
import { webhookSecretKeyFile, webhookSecretKmsKeyId } from '../../../platform/config.ts';
import { containerValue } from '../../../platform/container.ts';
import { KmsSecretSealer } from './adapters/kms-secret-sealer.ts';
import { LocalSecretSealer, type SecretSealer } from './secret-sealer.ts';

/** The sealer of this container, chosen from the environment on first use. */
export const sealerFromEnvironment = containerValue((): SecretSealer => {
  const kmsKey = webhookSecretKmsKeyId();
  const keyFile = webhookSecretKeyFile();
  if (kmsKey) return new KmsSecretSealer(kmsKey);
  if (keyFile) return new LocalSecretSealer(keyFile);
  throw new Error('Missing configuration: set WEBHOOK_SECRET_KMS_KEY_ID (deployed) or WEBHOOK_SECRET_KEY_FILE (local)');
});
