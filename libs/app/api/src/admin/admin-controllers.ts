import { AdjustCreditsController } from './adjust-credits/adjust-credits.controller';
import { IssueKeyController } from './issue-key/issue-key.controller';
import { ListEgressRoutesController } from './list-egress-routes/list-egress-routes.controller';
import { OpenAccountController } from './open-account/open-account.controller';
import { RecordOrderController } from './record-order/record-order.controller';
import { AdminRevokeKeyController } from './revoke-key/revoke-key.controller';
import { AdminRotateKeyController } from './rotate-key/rotate-key.controller';
import { AdminRestrictKeyController } from './restrict-key/restrict-key.controller';
import { SettleOrderController } from './settle-order/settle-order.controller';
import { AdminListErasuresController } from './list-erasures/list-erasures.controller';

/**
 * /admin/v1: the operator's side (ADMIN_TOKEN), one controller per use case, in the order /docs lists
 * them. ApiModule registers them itself (its AccountProvisioning opens accounts and waits for keys).
 */
export const ADMIN_CONTROLLERS = [
  OpenAccountController,
  IssueKeyController,
  AdminRevokeKeyController,
  AdminRotateKeyController,
  AdminRestrictKeyController,
  RecordOrderController,
  AdjustCreditsController,
  SettleOrderController,
  ListEgressRoutesController,
  AdminListErasuresController,
];
