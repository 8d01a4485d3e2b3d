/**
 * The process environment, the one place the service reads it. Every setting has its own function in
 * the modules beside this one, except the settings that describe a key or secret as a whole, which are
 * read from this record by the module that builds it: the certificate signers
 * (`SIGNING_KMS_KEY_ID`, `SIGNING_KMS_PREVIOUS_KEY_IDS`, `SIGNING_KEY_FILE` and their `TEST_` forms:
 * certificates/signer-services.ts), the PDF signing material (`PDF_SIGNING_KMS_KEY_ID`, `PDF_SIGNING_SECRET_ID`,
 * `PDF_SIGNING_DIR`: certificates/pdf/pdf-signing-services.ts) and the Idempotency-Key pepper
 * (`IDEMPOTENCY_PEPPER_SECRET_ID`, `IDEMPOTENCY_PEPPER_FILE`: idempotency/fingerprint-pepper-services.ts); none
 * of them has a default.
 */

/** The environment as it is now (not a copy): read at each call, so a changed variable counts after `newContainer()`. */
export function environment(): NodeJS.ProcessEnv {
  return process.env;
}
