// For tests only (production code never imports it: a layer rule refuses it): the invite and removal commands
// the dashboard specs send straight to the command bus to set a team up or take a member out.
export { InviteMemberCommand } from '../invite-member/invite-member.command';
export { RemoveMemberCommand } from '../remove-member/remove-member.command';
