/** The prerendered pages' addresses and files live with the config, where the server reads them too. */
export * from '../../src/config/prerenderPages.ts';
