import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '@lib/platform';
import { FOUND_ADDRESS_READERS } from './known-addresses/found-address-readers';
import { knownAddressesProjection } from './known-addresses/known-addresses.projection';

/** Registers the finder's read models; the projector imports only this (it never probes). */
@Module({})
export class FinderReadModelModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(knownAddressesProjection(FOUND_ADDRESS_READERS));
  }
}
