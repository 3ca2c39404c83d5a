import { Module } from '@nestjs/common';
import type { AppConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/**
 * What the jobs core and the job kinds read of the configuration: chunk size, greylisting retries, upload
 * limits and file retention (the JOB_* settings).
 */
export type JobsConfig = AppConfig['jobs'];

/** DI token of JobsConfig (a type, so it needs a token); JobsConfigModule provides and exports it. */
export const JOBS_CONFIG = Symbol('JOBS_CONFIG');

export const jobsConfigProvider = provideConfigSlice(JOBS_CONFIG, (config): JobsConfig => config.jobs);

/**
 * The jobs slice for the core's modules and the kinds' (which import no one module of the core in common):
 * each module that reads it imports this one.
 */
@Module({ providers: [jobsConfigProvider], exports: [JOBS_CONFIG] })
export class JobsConfigModule {}
