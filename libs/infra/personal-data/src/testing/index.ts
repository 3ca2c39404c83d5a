// What other libs' and the suite's tests use to check a DataKeyStore adapter.
export { dataKeyStoreContract } from './data-key-store.contract';
