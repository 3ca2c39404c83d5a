import { EgressRoutes } from '@lib/config';
import { readEgressRoutes } from '@lib/config/testing';

/** A routes document as an operator writes it (SMTP_ROUTES), parsed and validated as at start: the tests' routes. */
export function routesFrom(document: object): EgressRoutes {
  const problems: string[] = [];
  const routes = readEgressRoutes(
    null,
    JSON.stringify(document),
    {
      heloName: 'verifier.test',
      mailFrom: 'probe@verifier.test',
      egressId: 'test',
      perMxConcurrency: 3,
      connectsPerSecondPerMx: 50,
    },
    problems,
  );
  if (!routes) throw new Error(`bad routes document: ${problems.join('; ')}`);
  return routes;
}
