// The media API's own request shapes (issue #22); what the browser shares is in domain/media-contracts.ts.
import { z } from 'zod';

export const videoIdParamSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
