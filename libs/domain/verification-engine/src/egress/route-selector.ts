import type { EgressRoutes, RoutingRule } from '@lib/config';
import type { MailHost } from '../dns/mail-routing';
import type { ProbeRoute } from './probe-route';

const within = (name: string, domain: string) => name === domain || name.endsWith(`.${domain}`);
const bare = (host: string) => host.toLowerCase().replace(/\.$/, '');

/**
 * The routes a check may go out on (its pool): the first rule that matches the recipient's domain, one of
 * its MX hosts' domains or its provider (the playbook's name), else the default routes.
 */
export class RouteSelector {
  private readonly byName: Map<string, ProbeRoute>;

  constructor(
    routes: ProbeRoute[],
    private readonly plan: Pick<EgressRoutes, 'rules' | 'defaultRoutes'>,
  ) {
    this.byName = new Map(routes.map((route) => [route.name, route]));
  }

  poolFor(recipientDomain: string, hosts: MailHost[], provider: string): ProbeRoute[] {
    const rule = this.plan.rules.find((r) => matches(r, bare(recipientDomain), hosts, provider));
    return (rule?.routes ?? this.plan.defaultRoutes).map((name) => this.byName.get(name)!);
  }
}

function matches(rule: RoutingRule, domain: string, hosts: MailHost[], provider: string): boolean {
  if (rule.recipientDomain !== undefined) return within(domain, rule.recipientDomain);
  if (rule.mxDomain !== undefined) return hosts.some((h) => within(bare(h.name), rule.mxDomain!));
  return rule.provider === provider;
}
