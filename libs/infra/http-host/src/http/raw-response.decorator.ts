import { SetMetadata } from '@nestjs/common';

export const RAW_RESPONSE = 'raw-response';

/** Marks a handler that writes its own response (CSV download, SSE), so it is not wrapped in the envelope. */
export const RawResponse = (): MethodDecorator => SetMetadata(RAW_RESPONSE, true);
