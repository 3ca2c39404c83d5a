import { RouteTable } from './route-table';

describe('route table', () => {
  const table = new RouteTable();
  table.add('/dashboard/v1/team/invites/accept', 'POST');
  table.add('/dashboard/v1/team/invites/:inviteId', 'DELETE');
  table.add('/dashboard/v1/team/invites', ['GET', 'POST']);

  describe('when a static and a parametric route both match a path', () => {
    it('allows the static route methods only', () => {
      expect(table.allowedMethods('/dashboard/v1/team/invites/accept')).toEqual(['POST']);
    });
  });

  describe('when only a parametric route matches', () => {
    it('allows its methods', () => {
      expect(table.allowedMethods('/dashboard/v1/team/invites/inv-1?x=1')).toEqual(['DELETE']);
    });
  });

  describe('when no route matches', () => {
    it('allows nothing', () => {
      expect(table.allowedMethods('/dashboard/v1/nothing')).toEqual([]);
    });
  });
});
