import { Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '@lib/platform';
import { ListTeamMembersHandler } from './list-team-members/list-team-members.handler';
import { teamMembersProjection } from './list-team-members/team-members.projection';

/**
 * Who is in which team: the team-members read model (registered for the projector role) and its query,
 * with none of TeamsModule's mail or sign-in machinery, so a worker can ask it too.
 */
@Module({ imports: [CqrsModule], providers: [ListTeamMembersHandler] })
export class TeamMembersModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(teamMembersProjection);
  }
}
