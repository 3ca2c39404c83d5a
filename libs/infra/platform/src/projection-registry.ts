import { Injectable } from '@nestjs/common';
import type { Projection } from '@lib/readstore';

/**
 * Domain modules register their projections here when their module initialises; the projector role
 * runs them all, and the CLI rebuilds them. Keeps domain modules from knowing which process projects.
 */
@Injectable()
export class ProjectionRegistry {
  private readonly projections = new Map<string, Projection>();

  register(...projections: Projection[]): void {
    for (const projection of projections) this.projections.set(projection.name, projection);
  }

  all(): Projection[] {
    return [...this.projections.values()];
  }
}
