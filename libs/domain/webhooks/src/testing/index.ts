// For tests only (production code never imports it: a layer rule refuses it): the reasons a delivery
// failed, which specs of the sender's address guard read back.
export { DeliveryFailures } from '../delivery/https-sender';
