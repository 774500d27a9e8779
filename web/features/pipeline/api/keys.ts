/**
 * The query keys of the pipeline (first element: the endpoint's path). The board's columns are lead lists and
 * use the lead feature's keys.
 */
export const pipelineKeys = {
  /** The metrics above the board: the caller's own figures, the organisation's for admins. */
  analytics: ['/api/analytics/dashboard'] as const,
};
