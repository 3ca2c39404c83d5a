import { Module } from '@nestjs/common';
import type { JobsConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/**
 * DI token of JobsConfig, what the jobs core and the job kinds read of the configuration: chunk size,
 * greylisting retries, upload limits and file retention (the JOB_* settings). JobsConfigModule provides it.
 */
export const JOBS_CONFIG = Symbol('JOBS_CONFIG');

export const jobsConfigProvider = provideConfigSlice(JOBS_CONFIG, (config): JobsConfig => config.jobs);

/**
 * The jobs slice for the core's modules and the kinds' (which import no one module of the core in common):
 * each module that reads it imports this one.
 */
@Module({ providers: [jobsConfigProvider], exports: [JOBS_CONFIG] })
export class JobsConfigModule {}
