/**
 * The port through which simulate reads how many human scans a capped code has had: the redirect's own live counter,
 * so a test scan answers 'limit' exactly when the next real scan would. The scans feature owns the counter (Redis) and
 * provides this token app-wide (scans/scan-caps.ts), so codes names nothing of scans while scans decides with codes'
 * decideRoute: one direction between the two folders.
 */
export abstract class HumanScanCount {
  /** Human scans the cap has counted so far (0 before the first); reads, never counts. */
  abstract of(qrId: string): Promise<number>;
}
