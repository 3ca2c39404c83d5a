import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UserStreams } from '../shared/user-streams';
import { FindRegistrationQuery, Registration } from './find-registration.query';

@QueryHandler(FindRegistrationQuery)
export class FindRegistrationHandler implements IQueryHandler<FindRegistrationQuery, Registration | null> {
  constructor(private readonly users: UserStreams) {}

  async execute({ userId }: FindRegistrationQuery): Promise<Registration | null> {
    const registered = await this.users.registration(userId);
    if (!registered) return null;
    const { accountId, registeredAt } = registered;
    return { userId, accountId, accountName: registered.company || registered.name, registeredAt };
  }
}
