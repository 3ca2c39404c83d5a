import { DashboardBrowser } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { signedInUser } from './dashboard-users';

// The web app reads the upload limits from the server instead of knowing them: the answer follows
// the configuration, and only a signed-in user gets it.
describe('GET /dashboard/v1/limits', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ JOB_MAX_UPLOAD_BYTES: '4096', JOB_MAX_UNIQUE_EMAILS: '3' });
  });
  afterAll(() => app.close());

  it('answers the configured upload size and address limits', async () => {
    const { browser } = await signedInUser(app);
    const limits = await browser.request('GET', '/dashboard/v1/limits');
    expect({ status: limits.status, data: limits.body.data }).toEqual({
      status: 200,
      data: { maxUploadBytes: 4096, maxUniqueEmails: 3 },
    });
  });

  it('answers 401 without a session', async () => {
    const anonymous = await new DashboardBrowser(app.url).request('GET', '/dashboard/v1/limits');
    expect({ status: anonymous.status, code: anonymous.body.error.code }).toEqual({ status: 401, code: 6001 });
  });
});
