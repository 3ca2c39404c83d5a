import { SetMetadata } from '@nestjs/common';

/** Read by the api's key guard: a route marked so is served without credentials. */
export const PUBLIC_ROUTE = 'public-route';

/** No API key needed (GET /v1/credits/packages, health, docs). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);
