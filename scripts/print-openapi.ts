// Prints the OpenAPI document the app serves at /docs-json, so a refactoring can show it left the API as it was:
//   npm run --silent print:openapi > before.json   (change things)   npm run --silent print:openapi | cmp before.json
import { startTestApp } from '../test/support/test-app';

async function main(): Promise<void> {
  const app = await startTestApp();
  try {
    const document = await (await fetch(`${app.url}/docs-json`)).text();
    // A pipe takes the text in pieces: exit only once all of it is written.
    await new Promise<void>((resolve, reject) =>
      process.stdout.write(document, (error) => (error ? reject(error) : resolve())),
    );
  } finally {
    await app.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
