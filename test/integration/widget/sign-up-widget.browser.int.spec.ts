import { eventually } from '@lib/common/testing';
import { Browser, Page } from 'playwright-core';
import { freeLoopbackPort } from '../../support/app-process';
import { MailPeers, startMailPeers } from '../../support/peers/mail-peers';
import { accept } from '../../support/peers/smtp-peer';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { describeWithBrowser, launchChromium, screenshot, seriousAxeViolations } from '../dashboard/browser-support';
import { EXAMPLE_BUILDS, ExampleServer, SlowService, startSignUpExample, startSlowService } from './sign-up-example';

/** The widget's default debounce and timeout (sdks/widget/src/options.ts). */
const DEBOUNCE_MS = 600;
const TIMEOUT_MS = 3000;

// Issue 38, item 4: examples/sign-up-form (the widget's script tag bundle, and a back end confirming the token with
// the SDK) in Chromium against the real service, its publishable key listing the example's origin only.
describeWithBrowser(
  'the sign-up form widget in Chromium, against the real service',
  () => {
    let peers: MailPeers;
    let app: TestApp;
    let browser: Browser;
    let secretKey: string;
    let listed: ExampleServer;
    let unlisted: ExampleServer;
    let slow: SlowService;
    let onSlow: ExampleServer;
    let onDown: ExampleServer;

    beforeAll(async () => {
      // gmail.com takes jane and ada and refuses everyone else; gmial.com has no DNS at all (a typo).
      peers = await startMailPeers({ 'gmail.com': { recipients: { jane: accept(), ada: accept() } } });
      app = await startTestApp(peers.env);
      const account = await app.createAccount(100);
      secretKey = account.apiKey;
      const port = await freeLoopbackPort();
      const issued = await app.request('POST', `/admin/v1/accounts/${account.accountId}/keys`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        body: { kind: 'publishable', allowedOrigins: [`http://127.0.0.1:${port}`] },
      });
      expect(issued.status).toBe(201);
      const keys = { publishableKey: issued.body.data.apiKey, apiKey: secretKey };
      slow = await startSlowService();
      const downPort = await freeLoopbackPort();
      [listed, unlisted, onSlow, onDown] = await Promise.all([
        startSignUpExample({ ...keys, baseUrl: app.url, port }),
        startSignUpExample({ ...keys, baseUrl: app.url }),
        startSignUpExample({ ...keys, baseUrl: slow.url }),
        startSignUpExample({ ...keys, baseUrl: `http://127.0.0.1:${downPort}` }),
      ]);
      browser = await launchChromium();
    }, 90_000);
    afterAll(async () => {
      await browser?.close();
      await Promise.all([listed, unlisted, onSlow, onDown].map((server) => server?.close()));
      await slow?.close();
      await app?.close();
      await peers?.close();
    });

    /** A fresh page on the example, recording the widget's events and its GET checks. */
    const openForm = async (server: ExampleServer) => {
      const page = await browser.newPage();
      const checks: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/v1/verify/single') && request.method() === 'GET')
          checks.push(new URL(request.url()).searchParams.get('email')!);
      });
      await page.goto(server.url);
      await page.evaluate(() => {
        const events: Array<{ type: string; detail: unknown }> = [];
        (window as any).widgetEvents = events;
        for (const type of ['mailcheck:result', 'mailcheck:unavailable'])
          document.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail }));
      });
      return { page, checks };
    };
    const events = (page: Page) => page.evaluate(() => (window as any).widgetEvents as any[]);
    const message = (page: Page) => page.locator('.mailcheck-message');
    const token = (page: Page) => page.locator('input[type=hidden][name=mailcheckToken]').inputValue();
    const tokenArrives = (page: Page) =>
      eventually(async () => {
        const value = await token(page);
        if (!value) throw new Error('no token yet');
        return value;
      });
    const submit = async (page: Page) => {
      await Promise.all([page.waitForURL(/\/sign-up$/), page.getByRole('button', { name: 'Sign up' }).click()]);
      return { heading: await page.locator('h1').innerText(), text: await page.locator('main p').first().innerText() };
    };

    it('checks once typing stops, offers the fix, and the back end accepts the token of the fixed address', async () => {
      const { page, checks } = await openForm(listed);
      await page.getByLabel('Name').fill('Jane');
      const email = page.getByLabel('Email');
      await email.pressSequentially('jane@gmial.com', { delay: 40 });
      await message(page).getByText('Did you mean gmail.com?').waitFor();
      // Typed at 40 ms a key: the debounce sent one check, for the whole address.
      expect(checks).toEqual(['jane@gmial.com']);
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await message(page).getAttribute('aria-live')).toBe('polite');
      expect((await email.getAttribute('aria-describedby'))!.split(' ')).toContain(
        await message(page).getAttribute('id'),
      );

      await page.getByRole('button', { name: 'Use jane@gmail.com' }).click();
      expect(await email.inputValue()).toBe('jane@gmail.com');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('email');
      const issued = await tokenArrives(page);
      expect(await message(page).innerText()).toBe('');
      expect(await email.getAttribute('aria-invalid')).toBeNull();
      expect(checks).toEqual(['jane@gmial.com', 'jane@gmail.com']);
      expect((await events(page)).map((e) => [e.type, e.detail.email, e.detail.verdict?.level])).toEqual([
        ['mailcheck:result', 'jane@gmial.com', 'error'],
        ['mailcheck:result', 'jane@gmail.com', 'none'],
      ]);

      expect(await submit(page)).toEqual({ heading: 'Welcome, Jane', text: 'jane@gmail.com is confirmed (ok).' });
      expect(issued.split('.')).toHaveLength(3);
      await page.close();
    }, 60_000);

    it('the back end refuses an address its token calls invalid, a forged token, and a token posted with another address', async () => {
      const { page } = await openForm(listed);
      await page.getByLabel('Name').fill('Mallory');
      // bob@gmail.com does not exist: its token says so. A forger rewrites the claim to ok and keeps the signature.
      await page.getByLabel('Email').fill('bob@gmail.com');
      await message(page).getByText('This address does not exist.').waitFor();
      const real = await tokenArrives(page);
      expect(await submit(page)).toEqual({
        heading: 'Please use another address',
        text: 'bob@gmail.com cannot receive mail (invalid).',
      });
      await page.goto(listed.url);
      await page.getByLabel('Name').fill('Mallory');
      await page.getByLabel('Email').fill('bob@gmail.com');
      await tokenArrives(page);
      const [header, payload, signature] = real.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      expect(claims).toMatchObject({ email: 'bob@gmail.com', result: 'invalid' });
      const forged = [
        header,
        Buffer.from(JSON.stringify({ ...claims, result: 'ok' })).toString('base64url'),
        signature,
      ];
      await page.evaluate((value) => {
        document.querySelector<HTMLInputElement>('input[name=mailcheckToken]')!.value = value;
      }, forged.join('.'));
      const forgedAnswer = await submit(page);
      expect(forgedAnswer.heading).toBe('We could not confirm this address');
      expect(forgedAnswer.text).toContain('(code 1121)');

      // jane's genuine token, posted with bob's address (written into the field without the widget hearing it).
      await page.goto(listed.url);
      await page.getByLabel('Name').fill('Mallory');
      await page.getByLabel('Email').fill('jane@gmail.com');
      const janes = await tokenArrives(page);
      // Focus leaves the field first: leaving it is what makes the widget check (and drop the token) again.
      await page.getByLabel('Name').focus();
      await page.evaluate(() => {
        document.querySelector<HTMLInputElement>('#email')!.value = 'bob@gmail.com';
      });
      expect(await token(page)).toBe(janes);
      const replayed = await submit(page);
      expect(replayed.heading).toBe('We could not confirm this address');
      expect(replayed.text).toContain('(code 1124)');
      await page.close();
    }, 60_000);

    it('on an origin the key does not list, uses no answer, charges nothing and the form still submits', async () => {
      const balance = async () =>
        (await app.request('GET', '/v1/credits/balance', { key: secretKey })).body.data.available as number;
      const before = await balance();
      const { page } = await openForm(unlisted);
      // What reached the network, which the page itself is not allowed to read: Chromium's own record of it.
      const answered: number[] = [];
      const failed: string[] = [];
      const network = await page.context().newCDPSession(page);
      await network.send('Network.enable');
      // The raw answers' statuses: a 204 to the preflight, then the check's own (a blocked answer has no other event).
      const checkRequests = new Set<string>();
      network.on('Network.requestWillBeSent', ({ requestId, request }) => {
        if (request.url.includes('/v1/verify/single')) checkRequests.add(requestId);
      });
      network.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
        if (checkRequests.has(requestId)) answered.push(statusCode);
      });
      page.on('requestfailed', (request) => {
        if (request.url().includes('/v1/verify/single')) failed.push(request.failure()!.errorText);
      });
      await page.getByLabel('Name').fill('Jane');
      await page.getByLabel('Email').fill('jane@gmial.com');
      await page.getByLabel('Email').blur();
      const [unavailable] = await eventually(async () => {
        const seen = await events(page);
        if (seen.length === 0) throw new Error('no event yet');
        return seen;
      });
      // The service refused the origin (403, without CORS headers), so the browser hid even that from the page.
      expect(answered).toEqual([204, 403]);
      expect(failed).toEqual(['net::ERR_FAILED']);
      expect([unavailable.type, unavailable.detail.reason]).toEqual(['mailcheck:unavailable', 'network']);
      expect(await message(page).innerText()).toBe('');
      expect(await token(page)).toBe('');
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBeNull();
      expect(await submit(page)).toEqual({
        heading: 'Welcome, Jane',
        text: 'We will send a confirmation link to jane@gmial.com.',
      });
      expect(await balance()).toBe(before);
      await page.close();
    }, 60_000);

    it('works from the keyboard alone, and axe finds nothing serious with the message and its fix shown', async () => {
      const { page } = await openForm(listed);
      const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent);
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('name');
      await page.keyboard.type('Ada');
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('email');
      await page.keyboard.type('ada@gmial.com');
      await message(page).getByText('Did you mean gmail.com?').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.keyboard.press('Tab');
      expect(await focused()).toBe('Use ada@gmail.com');
      await page.setViewportSize({ width: 560, height: 380 });
      await screenshot(page, 'sign-up-widget', { fullPage: false });
      await page.keyboard.press('Enter');
      expect(await focused()).toBe('email');
      expect(await page.getByLabel('Email').inputValue()).toBe('ada@gmail.com');
      await tokenArrives(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.keyboard.press('Tab');
      expect(await focused()).toBe('Sign up');
      await Promise.all([page.waitForURL(/\/sign-up$/), page.keyboard.press('Enter')]);
      expect(await page.locator('main p').first().innerText()).toBe('ada@gmail.com is confirmed (ok).');
      await page.close();
    }, 60_000);

    it('when the service is slow: a newer keystroke cancels the check in flight, the form submits at once, and the check gives up after its timeout', async () => {
      const { page } = await openForm(onSlow);
      await page.getByLabel('Name').fill('Jane');
      const email = page.getByLabel('Email');
      await email.pressSequentially('jane@slow.example', { delay: 20 });
      await eventually(() => expect(slow.checks.map((c) => c.email)).toEqual(['jane@slow.example']));
      await email.press('End');
      await email.pressSequentially('s', { delay: 20 });
      await eventually(() =>
        expect(slow.checks).toEqual([
          { email: 'jane@slow.example', closedByClient: true },
          { email: 'jane@slow.examples', closedByClient: false },
        ]),
      );
      const started = Date.now();
      await eventually(
        async () =>
          expect((await events(page)).map((e) => [e.type, e.detail.reason])).toEqual([
            ['mailcheck:unavailable', 'timeout'],
          ]),
        { timeoutMs: TIMEOUT_MS + 2000 },
      );
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
      expect(await message(page).innerText()).toBe('');
      expect(await token(page)).toBe('');

      // A submit in the middle of a check is not held back by it.
      await email.fill('jane@slower.example');
      await page.waitForTimeout(DEBOUNCE_MS + 200);
      expect(slow.checks.at(-1)).toEqual({ email: 'jane@slower.example', closedByClient: false });
      const submitted = Date.now();
      expect((await submit(page)).heading).toBe('Welcome, Jane');
      expect(Date.now() - submitted).toBeLessThan(1000);
      await page.close();
    }, 60_000);

    it('when the service is down: no message, no token, and the form submits', async () => {
      const { page } = await openForm(onDown);
      await page.getByLabel('Name').fill('Jane');
      await page.getByLabel('Email').fill('jane@gmial.com');
      await eventually(async () =>
        expect((await events(page)).map((e) => [e.type, e.detail.reason])).toEqual([
          ['mailcheck:unavailable', 'network'],
        ]),
      );
      expect(await message(page).innerText()).toBe('');
      expect(await token(page)).toBe('');
      expect((await submit(page)).heading).toBe('Welcome, Jane');
      // The ES module build loads in the browser too (a string: Jest's compiler would rewrite an import()).
      expect(await page.evaluate("import('/mailcheck-widget.mjs').then((widget) => typeof widget.attach)")).toBe(
        'function',
      );
      await page.close();
    }, 60_000);
  },
  { dashboard: false, missing: EXAMPLE_BUILDS.map(([, why]) => why) },
);
