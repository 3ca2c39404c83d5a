import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { FindSessionOwnersHandler, FindUsersHandler } from './find-users.handler';

/**
 * Who the dashboard users are, for other parts of the system (team lists, usage by member, mail to an
 * owner): read-only queries on the users and sessions read models, with none of IdentityModule's
 * sign-in machinery, so a worker can ask them too.
 */
@Module({ imports: [CqrsModule], providers: [FindUsersHandler, FindSessionOwnersHandler] })
export class UserDirectoryModule {}
