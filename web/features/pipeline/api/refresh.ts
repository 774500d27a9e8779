import type { Refreshes } from '../../../lib/changes.ts';
import { pipelineKeys } from './keys.ts';

/** The pipeline's metrics follow the leads. */
export const pipelineRefreshes = {
  lead: [pipelineKeys.analytics],
} satisfies Refreshes;
