import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@lib/readstore';
import { SESSIONS_COLLECTION, SessionDoc } from '../authenticate/sessions.projection';
import { USERS_COLLECTION, UserDoc } from '../shared/users.projection';
import { FindSessionOwnersQuery, FindUsersQuery, SessionOwner, UserSummary } from './find-users.query';

@QueryHandler(FindUsersQuery)
export class FindUsersHandler implements IQueryHandler<FindUsersQuery, UserSummary[]> {
  constructor(private readonly readStore: ReadStore) {}

  async execute(query: FindUsersQuery): Promise<UserSummary[]> {
    if (query.userIds.length === 0) return [];
    const docs = await this.readStore
      .collection<UserDoc>(USERS_COLLECTION)
      .find({ filter: { _id: { $in: [...query.userIds] } } });
    return docs.map((doc) => ({ userId: doc._id, email: doc.email, name: doc.name, accountId: doc.accountId }));
  }
}

@QueryHandler(FindSessionOwnersQuery)
export class FindSessionOwnersHandler implements IQueryHandler<FindSessionOwnersQuery, SessionOwner[]> {
  constructor(private readonly readStore: ReadStore) {}

  async execute(query: FindSessionOwnersQuery): Promise<SessionOwner[]> {
    if (query.sessionIds.length === 0) return [];
    const docs = await this.readStore
      .collection<SessionDoc>(SESSIONS_COLLECTION)
      .find({ filter: { _id: { $in: [...query.sessionIds] } } });
    return docs.map((doc) => ({ sessionId: doc._id, userId: doc.userId }));
  }
}
