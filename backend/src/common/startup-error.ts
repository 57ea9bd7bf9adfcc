/**
 * A reason the product cannot start that the person starting it can fix (a setting, a service that is not running).
 * The entry points print its message as one paragraph, without a stack trace.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
