export { ProjectorModule } from './projector.module';
