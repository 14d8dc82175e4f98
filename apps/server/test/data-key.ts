/**
 * The data key every test server and command runs with (a fixed one: a test database template
 * made once per run holds its verifier). Tests of a wrong or missing key set their own.
 */
export const TEST_DATA_KEY = 'defa5b4570a5333c1749b835d20a456a46e95e3b1ccd109c621ddbf01a8f444d';
