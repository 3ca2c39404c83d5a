export { WorkerModule } from './worker.module';
