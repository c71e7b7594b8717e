/** Nothing (or nothing readable) to report on at a path. */
export class ReportInputError extends Error {
  override readonly name = 'ReportInputError';
}
