// For tests only (production code never imports it: a layer rule refuses it): the erasure stream, which the
// redelivery specs read to see what an erasure recorded.
export { erasureStream } from '../domain/erasure-stream';
