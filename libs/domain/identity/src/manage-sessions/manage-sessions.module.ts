import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { UserStreams } from '../shared/user-streams';
import { ListSessionsHandler, RevokeSessionHandler, SignOutHandler } from './manage-sessions.handlers';

/** A user's own sessions: list the open ones, end one (revocation of another, or sign-out of this one). */
@Module({ imports: [CqrsModule], providers: [UserStreams, ListSessionsHandler, RevokeSessionHandler, SignOutHandler] })
export class ManageSessionsModule {}
