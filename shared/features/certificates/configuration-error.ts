/** A signing key that is missing or not usable for ES256 certificates. */
export class SigningConfigurationError extends Error {
  override readonly name = 'SigningConfigurationError';
}
