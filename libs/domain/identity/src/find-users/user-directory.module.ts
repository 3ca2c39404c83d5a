import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { UserStreams } from '../shared/user-streams';
import { FindSessionOwnersHandler, FindUsersHandler } from './find-users.handler';
import { FindRegistrationHandler } from './find-registration.handler';

/**
 * Who the dashboard users are, for other parts of the system (team lists, usage by member, mail to an
 * owner, the account a sign-up opens): read-only queries on the users and sessions read models and on a
 * user's registration, with none of IdentityModule's sign-in machinery, so a worker can ask them too.
 */
@Module({
  imports: [CqrsModule],
  providers: [UserStreams, FindUsersHandler, FindSessionOwnersHandler, FindRegistrationHandler],
})
export class UserDirectoryModule {}
