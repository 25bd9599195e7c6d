import { describe, expect, it } from 'vitest';
import {
  completeBody,
  jwtPayload,
  paidClaimToken,
  postJson,
  serverForBlock,
  signup,
  VALID_PROFILE,
} from './helpers.ts';

const COMPLETE = '/api/landing/complete';

describe('POST /api/landing/complete', () => {
  const server = serverForBlock();

  it('stores the profile for the paid order and answers 201 with the reportID of the claim token', async () => {
    const { claimToken, orderId } = await paidClaimToken(server);
    const response = await postJson(server, COMPLETE, completeBody(claimToken));
    expect(response.status).toBe(201);
    const reportID = jwtPayload(claimToken).reportID;
    expect(response.body).toEqual({ reportID });

    const profile = await server.row('SELECT * FROM home_profiles WHERE report_id = ?', reportID);
    expect(profile).toMatchObject({
      order_id: orderId,
      describe_home: 'caregiver',
      street_address_line1: "Mom's house",
      postal_code: '53703',
      own_the_home: 'true',
      num_floors: '2',
    });
  });

  it('accepts the optional fields left out, and N/A as an empty string', async () => {
    const minimal = await paidClaimToken(server);
    const required = {
      describeHome: VALID_PROFILE.describeHome,
      streetAddressLine1: VALID_PROFILE.streetAddressLine1,
      postalCode: VALID_PROFILE.postalCode,
    };
    expect(
      (await postJson(server, COMPLETE, completeBody(minimal.claimToken, required))).status,
    ).toBe(201);

    const notApplicable = await paidClaimToken(server);
    const response = await postJson(
      server,
      COMPLETE,
      completeBody(notApplicable.claimToken, { ...VALID_PROFILE, ownTheHome: '' }),
    );
    expect(response.status).toBe(201);
    const row = await server.row(
      'SELECT own_the_home, num_floors FROM home_profiles WHERE order_id = ?',
      notApplicable.orderId,
    );
    expect(row).toEqual({ own_the_home: '', num_floors: '2' });
  });

  it('refuses a reused claim token with 409 claim_token_used and stores nothing more', async () => {
    const { claimToken } = await paidClaimToken(server);
    expect((await postJson(server, COMPLETE, completeBody(claimToken))).status).toBe(201);
    const again = await postJson(
      server,
      COMPLETE,
      completeBody(claimToken, { ...VALID_PROFILE, postalCode: '10001' }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'claim_token_used', message: expect.any(String) });

    const reportID = jwtPayload(claimToken).reportID;
    const rows = await server.rows(
      'SELECT postal_code FROM home_profiles WHERE report_id = ?',
      reportID,
    );
    expect(rows).toEqual([{ postal_code: '53703' }]);
    const emails = await server.row(
      "SELECT COUNT(*) AS n FROM outbox WHERE report_id = ? AND kind = 'instructions'",
      reportID,
    );
    expect(emails).toEqual({ n: 1 });
  });

  it('refuses a tampered claim token with 401 invalid_claim_token', async () => {
    const { claimToken } = await paidClaimToken(server);
    const [header, payload, signature] = claimToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...jwtPayload(claimToken), reportID: 'someone-elses-report' }),
    ).toString('base64url');
    const tamperedPayload = await postJson(
      server,
      COMPLETE,
      completeBody(`${header}.${forged}.${signature}`),
    );
    expect(tamperedPayload.status).toBe(401);
    expect(tamperedPayload.body).toEqual({
      error: 'invalid_claim_token',
      message: expect.any(String),
    });

    const flipped = `${signature?.slice(0, -2)}${signature?.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(
      (await postJson(server, COMPLETE, completeBody(`${header}.${payload}.${flipped}`))).status,
    ).toBe(401);
    expect((await postJson(server, COMPLETE, completeBody('garbage'))).status).toBe(401);
  });

  it('refuses an action token in place of a claim token', async () => {
    const actionToken = await signup(server);
    const response = await postJson(server, COMPLETE, completeBody(actionToken));
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_claim_token');
  });

  it('refuses a claim token after its 7 days with 401 invalid_claim_token', async () => {
    const { claimToken } = await paidClaimToken(server);
    server.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    try {
      const response = await postJson(server, COMPLETE, completeBody(claimToken));
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('invalid_claim_token');
    } finally {
      server.clock.advance(-(7 * 24 * 60 * 60 * 1000 + 1000));
    }
    // Still unused: within its lifetime it works.
    expect((await postJson(server, COMPLETE, completeBody(claimToken))).status).toBe(201);
  });

  it('refuses a wrong bot-check action with 403 captcha_error', async () => {
    const { claimToken } = await paidClaimToken(server);
    const response = await postJson(server, COMPLETE, {
      ...completeBody(claimToken),
      captchaToken: 'local:landing_signup',
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'captcha_error', message: expect.any(String) });
  });

  it.each([
    [
      'a zip code that is not 5 digits',
      { postalCode: '1234' },
      'postalCode',
      'Enter a valid 5-digit zip code',
    ],
    [
      'an empty Home Scan name',
      { streetAddressLine1: '   ' },
      'streetAddressLine1',
      'Please enter a name for this Home Scan.',
    ],
    [
      'an unknown describeHome',
      { describeHome: 'landlord' },
      'describeHome',
      'Please select one of the options.',
    ],
    ['5 floors', { numFloors: '5' }, 'numFloors', 'Please choose 1, 2, 3 or 4+.'],
    [
      'a number of floors as a number',
      { numFloors: 2 },
      'numFloors',
      'Please choose 1, 2, 3 or 4+.',
    ],
    ['ownTheHome as "yes"', { ownTheHome: 'yes' }, 'ownTheHome', 'Please choose Yes, No or N/A.'],
    [
      'an unknown field',
      { favouriteColour: 'blue' },
      'favouriteColour',
      'favouriteColour is not a home profile field.',
    ],
  ])(
    'refuses %s with 400 invalid_profile and keeps the token usable',
    async (_label, change, field, message) => {
      const { claimToken } = await paidClaimToken(server);
      const response = await postJson(
        server,
        COMPLETE,
        completeBody(claimToken, { ...VALID_PROFILE, ...change }),
      );
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: 'invalid_profile',
        fields: { [field]: message },
      });
      expect(response.body.message).toContain(message);
      expect((await postJson(server, COMPLETE, completeBody(claimToken))).status).toBe(201);
    },
  );

  it('refuses a profile without its required fields, naming each', async () => {
    const { claimToken } = await paidClaimToken(server);
    const response = await postJson(server, COMPLETE, completeBody(claimToken, {}));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'invalid_profile',
      fields: {
        describeHome: 'Please select one of the options.',
        streetAddressLine1: 'Please enter a name for this Home Scan.',
        postalCode: 'Please enter a zip code.',
      },
    });
  });
});
