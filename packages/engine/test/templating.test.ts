import { describe, expect, it } from 'vitest';
import {
  Inventory,
  PathTemplater,
  SpecTemplateIndex,
  classifySegment,
  splitPath,
  templatePath,
} from '../src/index.js';
import { generateSpec } from '../bench/generate.js';
import { FIRST, LAST, measureTemplating } from '../bench/synthetic.js';
import { corpusText, hasCorpus } from './corpus.js';

describe('classifySegment', () => {
  it.each([
    ['123', 'id'],
    ['550e8400-e29b-41d4-a716-446655440000', 'uuid'],
    ['507f1f77bcf86cd799439011', 'objectId'],
    ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b', 'hash'],
    ['cus_9s6XKzkNRiz8i3', 'id'],
    ['jane.doe@example.com', 'email'],
    ['2023-02-28', 'date'],
    ['eyJhbGciOiJIUzI1NiJ9abcDEF123', 'token'],
    ['a1b2c3d4e5', 'id'],
    ['users', 'literal'],
    ['findByStatus', 'literal'],
    ['ListOutpostsWithS3', 'literal'],
    ['GetBucketPolicyV2', 'literal'],
    ['WebHdfsExt', 'literal'],
    ['logstash-monitorama-2013', 'id'],
    ['russel_group_2003', 'id'],
    ['énergique_touriste_2022', 'id'],
    ['bilbao-124', 'id'],
    ['load_15', 'literal'],
    ['quantmetrics-tier-1', 'literal'],
    ['sha-256', 'literal'],
    ['snake_case-12', 'literal'],
    ['abc123-def', 'id'],
    ['oauth2-token', 'literal'],
    ['v1-123', 'literal'],
    ['style2.css', 'literal'],
    ['page2', 'literal'],
    ['api', 'reserved'],
    ['v1', 'reserved'],
    ['v2.1', 'reserved'],
    ['v1p1beta1', 'reserved'],
    ['2023-02-30', 'literal'],
    ['INV-2024-0042', 'id'],
    ['PROJ-123', 'id'],
    ['ORD-884512', 'id'],
    ['HTTP-2', 'literal'],
    ['covid-19', 'literal'],
    ['Q3-2024', 'id'],
    ['flowcontrol.apiserver.cluster.io', 'literal'],
    ['x7k2m9q4.z8v3n6b1.io', 'token'],
    ['oauth2PermissionGrants', 'literal'],
    ['p2sVpnServerConfigurations', 'literal'],
    ['real_time_payments_transfer_iyuhl5kdn7ssmup83mvq', 'token'],
    ['external-id=189371', 'token'],
    // Words after a short code with a digit, or a numbered plural, read as written (a device API's
    // `/v2LoggingOptions`, Autotask's `/OrganizationalLevel1s`); a user's name and number does not.
    ['v2LoggingOptions', 'literal'],
    ['ec2deepinspectionstatus', 'literal'],
    ['OrganizationalLevel1s', 'literal'],
    ['katarinabjorklund14', 'token'],
    // A phone number in E.164 form is a value (`/numbers/buy/+12282060576`).
    ['+12282060576', 'id'],
    ['k7XqPz3TmWvNbR9d', 'token'],
    // A month's name is a part of a date (`/blog/2007/Jan/14`); a lower-case word stays.
    ['Jan', 'date'],
    ['September', 'date'],
    ['MAY', 'date'],
    ['may', 'literal'],
    // Numbers in dash-separated groups are ids (order, phone numbers); single digits stay.
    ['123-456', 'id'],
    ['555-123-4567', 'id'],
    ['0-9', 'literal'],
    ['1-2', 'literal'],
    // A whole-segment boolean is an argument's value; words that begin with one stay.
    ['true', 'boolean'],
    ['False', 'boolean'],
    ['trueview', 'literal'],
    ['false-positives', 'literal'],
    // Url-safe random tokens (nanoid, base64url) split by `_` or `-` into parts the slug test
    // reads as words; a word beside a machine-made part names the segment.
    ['PMPtWcwYB_EWtAppFWpYh', 'token'],
    ['2G-bippowfimrTqZPtzHs', 'token'],
    ['N4rA_VyRaOgcoGRWotULI', 'token'],
    ['bVjY_P-vexVqy-F5uo5II', 'token'],
    ['securityClassification-6VMVochwUWo', 'literal'],
    ['getting_started_with_webhooks', 'literal'],
    ['ListOutposts_WithS3Buckets', 'literal'],
    // Short lower-case hex ids (abbreviated git SHAs); words with a number stay.
    ['ccc9fcf', 'id'],
    ['ecfcf81', 'id'],
    ['3f9a2c1e', 'id'],
    ['cafe24', 'literal'],
    ['page12', 'literal'],
    ['decade', 'literal'],
    // Resource names (RFC 8141 URNs, cloud resource names) name one thing; a name-keyed API's `:verb` routes stay.
    ['urn:isbn:9780141036144', 'id'],
    ['urn:li:person:ovge7iwAzu', 'id'],
    ['arn:aws:sqs:us-east-1:123456789012:orders', 'id'],
    ['arn:aws:s3:::my-bucket', 'id'],
    ['ampUrls:batchGet', 'literal'],
    ['jcr:content', 'literal'],
    // A quoted value (a JSON string put in the path as it was); a stray quote stays.
    ['"example-artifact"', 'id'],
    ['dossier"', 'literal'],
    // A letter beyond ASCII in a name marked as data is a name a user wrote: no route of the
    // directory holds one. A plain word may be a collection of an API written in its language.
    ['kallioMäkinenAndToivonen', 'id'],
    ['józef-wiśniewski', 'id'],
    ['çelik_2021', 'id'],
    ['größe', 'literal'],
    ['a…b', 'literal'],
  ])('%s → %s', (seg, kind) => {
    expect(classifySegment(seg)).toBe(kind);
  });

  it('names business keys after their resource', () => {
    expect(templatePath('/v2/invoices/INV-2024-0042').normalizedPath).toBe('/v2/invoices/{invoiceId}');
    expect(templatePath('/tracker/issue/PROJ-123/comments').normalizedPath).toBe(
      '/tracker/issue/{issueId}/comments',
    );
  });

  it('takes a whole-segment boolean as a value, not a word that begins with one', () => {
    const inv = new Inventory({ detectPii: false });
    for (const path of [
      '/login/id/1234567/idTwo/1234567/true',
      '/flags/dark-mode/false',
      '/truecaller/lookups',
    ])
      inv.addObservation(obs(path));
    expect(inv.endpoints().map((e) => e.normalizedPath)).toEqual([
      '/login/id/{id}/idTwo/{idTwoId}/{boolean}',
      '/flags/dark-mode/{boolean}',
      '/truecaller/lookups',
    ]);
  });

  it('takes numbers in dash-separated groups as an id, not a bucket of single digits', () => {
    const inv = new Inventory({ detectPii: false });
    for (const path of ['/items/123-456', '/contacts/555-123-4567/calls', '/browse/0-9'])
      inv.addObservation(obs(path));
    expect(
      inv
        .endpoints()
        .map((e) => e.normalizedPath)
        .sort(),
    ).toEqual(['/browse/0-9', '/contacts/{contactId}/calls', '/items/{itemId}']);
  });

  it('decides versions by the set of digits seen where a version sits', () => {
    const inv = new Inventory({ detectPii: false });
    for (let v = 0; v <= 9; v++) inv.addObservation(obs(`/api/${v}/books`));
    for (const v of [1, 2]) {
      inv.addObservation(obs(`/${v}/boards/5`));
      inv.addObservation(obs(`/${v}/members/me`));
    }
    expect(inv.endpoints().map((e) => e.normalizedPath)).toEqual([
      '/api/{id}/books',
      '/1/boards/{boardId}',
      '/1/members/me',
      '/2/boards/{boardId}',
      '/2/members/me',
    ]);
    expect(inv.templateFor('site.example', 'GET', '/api/7/books')).toBe('/api/{id}/books');
  });

  it('keeps four digit versions apart when each holds another API (ClearBlade /api/v/1 … /4)', () => {
    const inv = new Inventory({ detectPii: false });
    for (const path of [
      '/api/v/1/user/logout',
      '/api/v/1/user/info',
      '/api/v/2/devices/9f3a1c',
      '/api/v/3/code/8a2b/trigger',
      '/api/v/3/edges/8a2b/columns',
      '/api/v/4/deployments/sync',
    ])
      inv.addObservation(obs(path));
    const paths = inv.endpoints().map((e) => e.normalizedPath);
    for (const v of [1, 2, 3, 4]) expect(paths.some((p) => p.startsWith(`/api/v/${v}/`))).toBe(true);
    expect(paths.some((p) => p.startsWith('/api/v/{'))).toBe(false);
  });

  it('keeps one digit right after api as the version (/rest/api/2), elsewhere an id', () => {
    expect(templatePath('/rest/api/2/issue/10042').normalizedPath).toBe('/rest/api/2/issue/{issueId}');
    expect(templatePath('/api/3/users/7').normalizedPath).toBe('/api/3/users/{userId}');
    expect(templatePath('/users/2/orders').normalizedPath).toBe('/users/{userId}/orders');
    expect(templatePath('/api/42/users').normalizedPath).not.toContain('/42/');
    // Learned from traffic (the path log ingestion takes): the same.
    const inv = new Inventory({ detectPii: false });
    for (const path of [
      '/rest/api/2/issue/10042',
      '/rest/api/2/issue/10043',
      '/rest/api/3/issue/7',
      '/users/2',
    ])
      inv.addObservation(obs(path));
    expect(inv.endpoints().map((e) => e.normalizedPath)).toEqual([
      '/rest/api/2/issue/{issueId}',
      '/rest/api/3/issue/{issueId}',
      '/users/{userId}',
    ]);
  });

  it('takes names of no API word beside ids of several kinds right after a version as values', () => {
    // ULIDs, numbered names and run-together names: one parameter (a name-keyed API's `/v2/{name}`).
    expect(
      templatesOf(
        learned([
          '/v2/01FZQYCRAT8W0ZD5KDGFNRS6BH',
          '/v2/01HCWC022VAGMJ1B8EF32G8BX9',
          '/v2/ekim-arda-410',
          '/v2/gamze-orbay-9512',
          '/v2/asperorato',
          '/v2/celestialovo',
          '/v2/elsa96',
          '/v2/monitoredResourceDescriptors',
        ]),
      ),
    ).toEqual(['/v2/monitoredResourceDescriptors', '/v2/{param}']);
    // Hard negative: the API's collections beside two kinds of ids stay (a catalogue API's `/content/v2.1`).
    expect(
      templatesOf(
        learned([
          '/content/v2.1/axHazjkdK4z/products',
          '/content/v2.1/d1377aa7-95a7-41ec-94ee-23fd380f2657/products',
          '/content/v2.1/accounts',
          '/content/v2.1/shippingsettings',
          '/content/v2.1/returnpolicy',
          '/content/v2.1/liasettings',
        ]),
      ),
    ).toEqual(
      expect.arrayContaining([
        '/content/v2.1/accounts',
        '/content/v2.1/shippingsettings',
        '/content/v2.1/returnpolicy',
        '/content/v2.1/liasettings',
      ]),
    );
  });

  it('learns a digit after api seen only as a leaf as an id: a version holds routes', () => {
    // APIClarity's speculator: `/api/1` and `/api/2` are one parameterised path, and a lone `/api/1` too.
    expect(templatesOf(learned(['/api/1', '/api/2']))).toEqual(['/api/{id}']);
    expect(templatesOf(learned(['/api/1']))).toEqual(['/api/{id}']);
    // Hard negatives: digits holding routes stay versions, alone or two of them.
    expect(
      templatesOf(learned(['/rest/api/2/issue/10042', '/rest/api/2/project', '/rest/api/3/issue/7'])),
    ).toEqual(['/rest/api/2/issue/{issueId}', '/rest/api/2/project', '/rest/api/3/issue/{issueId}']);
    expect(templatesOf(learned(['/api/2/users', '/api/2']))).toEqual(['/api/2', '/api/2/users']);
  });

  it('keeps one digit holding routes after a singular word as a version, not a leaf or after a plural', () => {
    const inv = new Inventory({ detectPii: false });
    for (const path of [
      '/rest/addon-connect/1/addons/acme/properties',
      '/rest/addon-connect/1/app/module/dynamic',
      '/public/oauth2/1/file/upload',
      '/public/account/2/verify',
      '/users/2/orders',
      '/program-information/batch/3',
    ])
      inv.addObservation(obs(path));
    const paths = inv.endpoints().map((e) => e.normalizedPath);
    expect(paths).toContain('/rest/addon-connect/1/app/module/dynamic');
    expect(paths).toContain('/public/oauth2/1/file/upload');
    expect(paths).toContain('/public/account/2/verify');
    // After a collection's plural, or as the last segment, a digit is an id.
    expect(paths).toContain('/users/{userId}/orders');
    expect(paths).toContain('/program-information/batch/{batchId}');
  });

  it('treats a date in version position as a version, elsewhere as a parameter', () => {
    expect(templatePath('/2024-01-01/charges/ch_3MmlLrLkdIwHu7ix0snN0B15').normalizedPath).toBe(
      '/2024-01-01/charges/{chargeId}',
    );
    expect(templatePath('/api/2024-01-01/charges').normalizedPath).toBe('/api/2024-01-01/charges');
    expect(templatePath('/reports/daily/2024-01-01').normalizedPath).toBe('/reports/daily/{date}');
    // `v` and a date (a mesh API) likewise; not a date that does not exist, not deeper down.
    expect(templatePath('/v20190125/meshes/mesh-a').normalizedPath).toBe('/v20190125/meshes/mesh-a');
    expect(templatePath('/v20191325/meshes').normalizedPath).toBe('/{id}/meshes');
    expect(templatePath('/files/report/v20190125').normalizedPath).toBe('/files/report/{reportId}');
    const t = new PathTemplater();
    for (let i = 0; i < 30; i++) t.learn('d', ['v20190125', 'meshes', `m${i}x${i * 7}q`]);
    t.finalize();
    expect(t.template('d', ['v20190125', 'meshes'])).toEqual(['v20190125', 'meshes']);
  });

  it("treats a date after a service's name as its version, not below a plural or as a leaf", () => {
    expect(templatePath('/clouddirectory/2017-01-11/tags/add').normalizedPath).toBe(
      '/clouddirectory/2017-01-11/tags/add',
    );
    const t = new PathTemplater();
    for (const route of ['tags/add', 'schema/create', 'directory/list'])
      t.learn('d', ['clouddirectory', '2017-01-11', ...route.split('/')]);
    t.finalize();
    expect(t.template('d', ['clouddirectory', '2017-01-11', 'tags', 'add'])).toEqual([
      'clouddirectory',
      '2017-01-11',
      'tags',
      'add',
    ]);
    // A plural's child, or a leaf, is a day.
    expect(templatePath('/games/2024-01-01/scores').normalizedPath).toBe('/games/{date}/scores');
    expect(templatePath('/schedule/2024-01-01').normalizedPath).toBe('/schedule/{date}');
  });

  it('takes a segment with an @ after its first character as data, not an API word led by one', () => {
    const inv = learned([
      '/users/user@example',
      '/packages/lodash@4.17.21/files',
      '/contacts/ann@example.com',
      '/users/@me/guilds',
      '/connections/@connections',
      "/users/doesUserHaveAccess(userId='@userId')",
    ]);
    expect(templatesOf(inv)).toEqual([
      '/connections/@connections',
      '/contacts/{email}',
      '/packages/{email}/files',
      '/users/@me/guilds',
      "/users/doesUserHaveAccess(userId='@userId')",
      '/users/{email}',
    ]);
  });

  it('takes decoded text with whitespace as data, not at the root or below such text', () => {
    expect(templatePath('/comments/hello%20world').normalizedPath).toBe('/comments/{commentId}');
    const inv = learned([
      '/api/v2/users/123/posts/abc123/comments/hello%20world',
      '/tags/machine%20learning/articles',
      '/Your%20Pull%20URI%20Request%20API%20Path',
      '/Your%20API%20URL/Your%20Pull%20DOC%20Request%20API%20Path',
      '/hello-world/comments',
    ]);
    expect(templatesOf(inv)).toEqual([
      '/Your API URL/Your Pull DOC Request API Path',
      '/Your Pull URI Request API Path',
      '/api/v2/users/{userId}/posts/{postId}/comments/{commentId}',
      '/hello-world/comments',
      '/tags/{tagId}/articles',
    ]);
  });

  it('takes a decimal as an id where no version may sit, not a round one or after a singular word', () => {
    expect(templatePath('/api/books/2.3/cars/4.3').normalizedPath).toBe('/api/books/{bookId}/cars/{carId}');
    expect(templatePath('/category/1.2').normalizedPath).toBe('/category/{categoryId}');
    const inv = learned([
      '/measurements/12.3',
      '/api/1.0/calculate',
      '/1.1/workgroups/7/files',
      '/v2/scim/2.0/Users',
      '/marketing/segments/2.0',
      '/marketing/segments/2.0/42',
      '/radiodns/spi/3.1/GI.xml',
      '/ws/1.1/track.get',
      '/cars/2.5/parts',
    ]);
    expect(templatesOf(inv)).toEqual([
      '/1.1/workgroups/{workgroupId}/files',
      '/api/1.0/calculate',
      '/cars/{carId}/parts',
      '/marketing/segments/2.0',
      '/marketing/segments/2.0/{id}',
      '/measurements/{measurementId}',
      '/radiodns/spi/3.1/GI.xml',
      '/v2/scim/2.0/Users',
      '/ws/1.1/track.get',
    ]);
  });

  it('takes round decimals for ids by their value set: two leaves, or beside ids', () => {
    const inv = learned([
      '/books/1.0',
      '/books/2.0',
      '/shelves/7',
      '/shelves/3.0',
      '/api/1.0/users',
      '/api/2.0/orders',
      '/1.0/artist/7',
      '/2.0/artist/7',
      '/marketing/segments/2.0',
      '/marketing/segments/2.0/42',
    ]);
    expect(templatesOf(inv)).toEqual([
      '/1.0/artist/{artistId}',
      '/2.0/artist/{artistId}',
      '/api/1.0/users',
      '/api/2.0/orders',
      '/books/{bookId}',
      '/marketing/segments/2.0',
      '/marketing/segments/2.0/{id}',
      '/shelves/{shelveId}',
    ]);
    expect(inv.templateFor('site.example', 'GET', '/books/3.0')).toBe('/books/{bookId}');
  });
});

describe('templatePath', () => {
  it('splits, decodes and drops the query', () => {
    expect(splitPath('/a//b%20c/?x=1#f')).toEqual(['a', 'b c']);
    expect(templatePath('/').normalizedPath).toBe('/');
    expect(templatePath('/users/jane%40example.com/orders?x=1').normalizedPath).toBe('/users/{email}/orders');
  });

  it('lets a declared template win over a guess', () => {
    const templates = new SpecTemplateIndex();
    templates.add('/users/{username}', ['GET']);
    templates.add('/users/me', ['GET']);
    templates.add('/files/{path+}');
    expect(templatePath('/users/alice', { method: 'GET', templates })).toMatchObject({
      normalizedPath: '/users/{username}',
      fromSpec: true,
      params: [{ name: 'username', value: 'alice' }],
    });
    expect(templatePath('/users/me', { method: 'GET', templates }).normalizedPath).toBe('/users/me');
    expect(templatePath('/files/a/b/c.txt', { templates }).normalizedPath).toBe('/files/{path+}');
    expect(templatePath('/other/42', { templates })).toMatchObject({
      normalizedPath: '/other/{otherId}',
      fromSpec: false,
    });
  });

  it('merges a high-cardinality position but keeps dominant static siblings', () => {
    const t = new PathTemplater({ cardinalityThreshold: 10 });
    const names = Array.from({ length: 13 }, (_, i) => `user${String.fromCharCode(97 + i)}x`);
    for (let i = 0; i < 40; i++) t.learn('d', ['users', 'login']);
    for (const n of names) t.learn('d', ['users', n]);
    t.finalize();
    expect(t.template('d', ['users', 'zed'])).toEqual(['users', '{param}']);
    expect(t.template('d', ['users', 'login'])).toEqual(['users', 'login']);
    expect(t.template('d', ['users', 'alice'])).toEqual(['users', '{param}']);
  });

  it('keeps dictionary words literal under a singular parent and collections under a version', () => {
    const t = new PathTemplater();
    const words =
      'apple banana cherry date elder fig grape honeydew kiwi lemon lime mango nectarine olive orange papaya peach pear plum quince raspberry strawberry tangerine ugli vanilla watermelon xigua yam zucchini apricot avocado blueberry cranberry'.split(
        ' ',
      );
    for (const w of words) t.learn('d', ['link', w]);
    const collections = Array.from(
      { length: 80 },
      (_, i) => `${words[i % 33]}_${['items', 'events', 'records'][i % 3]}`,
    );
    for (const c of collections) {
      t.learn('d', ['v1', c]);
      t.learn('d', ['v1', c, '42']);
    }
    t.finalize();
    expect(t.template('d', ['link', 'apple'])).toEqual(['link', 'apple']);
    expect(t.template('d', ['v1', 'apple_items', '7'])).toEqual(['v1', 'apple_items', '{id}']);
  });

  it('merges few values that share a sub-route, and prefixes above an API root', () => {
    const t = new PathTemplater();
    for (const owner of ['alice', 'bob', 'carol']) t.learn('d', ['repos', owner, 'issues']);
    for (const tenant of ['acme', 'globex']) t.learn('d', ['t', tenant, 'api', 'orders']);
    t.finalize();
    expect(t.template('d', ['repos', 'alice', 'issues'])).toEqual(['repos', '{param}', 'issues']);
    expect(t.template('d', ['t', 'acme', 'api', 'orders'])).toEqual(['t', '{param}', 'api', 'orders']);
  });

  it('keeps collections sharing an action literal, not tenants above an API root', () => {
    const t = new PathTemplater();
    for (const c of ['Magnets', 'Crew', 'Movie', 'Trailers'])
      for (const [id, q] of [
        ['42', 'alpha'],
        ['43', 'beta'],
      ])
        t.learn('d', [c, 'Search', id as string, q as string]);
    for (const tenant of ['acme', 'globex', 'initech'])
      for (const route of ['orders', 'users']) t.learn('d', ['t', tenant, 'api', route]);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/Crew/Search/7/gamma')).toBe('Crew/Search/{id}/gamma');
    expect(at('/t/globex/api/users')).toBe('t/{param}/api/users');
  });

  it('keeps collections sharing a reserved action apart from tenants, not prefixes above a version', () => {
    const t = new PathTemplater();
    const own: Record<string, string[]> = {
      images: ['search', 'search/suggestions', 'licenses', 'recommendations'],
      videos: ['search', 'search/suggestions', 'updated', 'collections/42'],
      audio: ['search', 'genres', 'moods'],
      sfx: ['search', 'licenses/7/downloads'],
    };
    for (const [collection, routes] of Object.entries(own))
      for (const route of routes) t.learn('d', ['v2', collection, ...route.split('/')]);
    const tenants: Record<string, string[]> = {
      acme: ['v1/orders', 'v1/users', 'billing', 'invoices'],
      globex: ['v1/orders', 'v1/users', 'reports/daily'],
    };
    for (const [tenant, routes] of Object.entries(tenants))
      for (const route of routes) t.learn('d', ['t', tenant, ...route.split('/')]);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/v2/sfx/search')).toBe('v2/sfx/search');
    expect(at('/v2/images/search/suggestions')).toBe('v2/images/search/suggestions');
    expect(at('/t/globex/v1/orders')).toBe('t/{param}/v1/orders');
  });

  it("keeps a plural collection's kinds sharing a reserved word literal, not tenants", () => {
    const t = new PathTemplater();
    for (const kind of ['cvrf', 'oval'])
      for (const route of ['latest/5', 'all', 'product', 'cve/CVE-2024-1234', 'severity/high'])
        t.learn('d', ['security', 'advisories', kind, ...route.split('/')]);
    for (const tenant of ['acme', 'globex'])
      for (const route of ['latest/orders', 'latest/users', 'billing'])
        t.learn('d', ['t', tenant, ...route.split('/')]);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/security/advisories/cvrf/latest/5')).toBe('security/advisories/cvrf/latest/{id}');
    expect(at('/security/advisories/oval/all')).toBe('security/advisories/oval/all');
    expect(at('/t/globex/latest/orders')).toBe('t/{param}/latest/orders');
  });

  it('merges values below a parameter that hold the same routes, but not sections', () => {
    const t = new PathTemplater();
    const routes = ['issues', 'pulls', 'labels', 'releases', 'teams'];
    for (const owner of ['alice', 'bob', 'carol'])
      for (const [i, repo] of ['hello', 'world', 'octo_cat', 'marketing_site'].entries())
        for (const route of routes) {
          // One repository takes most of the traffic: busy, yet a value.
          for (let k = 0; k < (i === 0 ? 30 : 1); k++) t.learn('d', ['repos', owner, repo, route]);
          t.learn('d', ['repos', owner, repo, route, '7']);
        }
    for (const project of ['acme', 'globex']) {
      for (const r of ['addresses', 'disks', 'routers']) {
        t.learn('d', ['projects', project, 'global', r, '42', 'labels']);
        t.learn('d', ['projects', project, 'aggregated', r]);
      }
      for (const zone of ['eu1', 'us2']) t.learn('d', ['projects', project, 'zones', zone, 'disks', '42']);
    }
    t.finalize();
    expect(t.template('d', ['repos', 'bob', 'hello', 'pulls'])).toEqual([
      'repos',
      '{param}',
      '{param}',
      'pulls',
    ]);
    expect(t.template('d', ['projects', 'acme', 'global', 'disks', '1'])).toEqual([
      'projects',
      '{param}',
      'global',
      'disks',
      '{id}',
    ]);
  });

  it('takes names in mixed conventions right after a version for values, not its collections', () => {
    const inv = new Inventory({ detectPii: false });
    // a name-keyed API's `/v1/{name}` and `/v1/{parent}/approvalRequests` beside the API's own collections.
    for (const name of ['victor-lopez', 'globex_blue', 'stark97', 'wayne'])
      inv.addObservation(obs(`/v1/${name}`));
    for (const parent of ['liam-miller', 'prod_tyrell', 'oak42'])
      inv.addObservation(obs(`/v1/${parent}/approvalRequests`));
    inv.addObservation(obs('/v1/violatingSites'));
    inv.addObservation(obs('/v1/charges/42/refunds'));
    // An API's own routes keep one convention (`market-indicator`, `quantmetrics-tier-1`).
    for (const route of ['market-indicator', 'quantmetrics-tier-1', 'trading-indicator', 'scenario-analysis'])
      inv.addObservation(obs(`/v2/${route}`));
    const endpoints = inv.endpoints();
    const paths = endpoints.map((e) => e.normalizedPath).sort();
    expect(paths).toEqual([
      '/v1/charges/{chargeId}/refunds',
      '/v1/violatingSites',
      '/v1/{param}',
      '/v1/{param}/approvalRequests',
      '/v2/market-indicator',
      '/v2/quantmetrics-tier-1',
      '/v2/scenario-analysis',
      '/v2/trading-indicator',
    ]);
    const value = endpoints.find((e) => e.normalizedPath === '/v1/{param}');
    expect(value?.merges?.[0]).toMatchObject({ rule: 'mixed-conventions', distinct: 7 });
  });

  it('takes joined names of no API word holding one route at the root for values', () => {
    const inv = new Inventory({ detectPii: false });
    // Organisations at the root, all written with dashes: one convention, but names, not routes.
    for (const org of ['koza-filipowicz', 'welsch-buschbaum', 'dupuis-et-arnaud'])
      inv.addObservation(obs(`/${org}/invoices`));
    // Sections named in API words hold one route too (`/market-data/quotes`), and stay.
    for (const section of ['market-data', 'price-history', 'trade-summary'])
      inv.addObservation(obs(`/${section}/quotes`));
    // Names of no API word holding only ids share no literal route, and stay.
    for (const name of ['zorblax-quints', 'wonka-gribbles', 'tyrell-snarks'])
      inv.addObservation(obs(`/${name}/42`));
    const paths = inv.endpoints().map((e) => e.normalizedPath);
    expect(paths.filter((p) => p.endsWith('/invoices'))).toEqual(['/{param}/invoices']);
    expect(paths).toContain('/market-data/quotes');
    expect(paths).toContain('/price-history/quotes');
    expect(paths).toContain('/zorblax-quints/{zorblaxQuintId}');
  });

  it('takes too few names of each kind after a version together when none has an API word', () => {
    const t = new PathTemplater();
    for (const name of ['stark97', 'north', 'pied']) t.learn('d', ['v1', name]);
    for (const parent of ['liam-miller', 'prod_tyrell', 'globex'])
      t.learn('d', ['v1', parent, 'approvalRequests']);
    // Routes with API words among them (`order-cancelled`, `delivery-failed`) stay.
    for (const route of ['order-cancelled', 'delivery-failed', 'menu_sync']) t.learn('d', ['v2', route]);
    for (const tenant of ['ava-lee', 'bo_chen']) t.learn('d', ['v2', tenant, 'orders']);
    t.finalize();
    expect(t.template('d', ['v1', 'north'])).toEqual(['v1', '{param}']);
    expect(t.template('d', ['v1', 'globex', 'approvalRequests'])).toEqual([
      'v1',
      '{param}',
      'approvalRequests',
    ]);
    expect(t.template('d', ['v2', 'order-cancelled'])).toEqual(['v2', 'order-cancelled']);
  });

  it("lets the rest of a version's values join once names show the position holds values", () => {
    const t = new PathTemplater();
    for (const name of ['blue-stark', 'east_north', 'stark97']) t.learn('d', ['v1beta1', name]);
    t.learn('d', ['v1beta1', 'west-oak', 'locations']);
    t.learn('d', ['v1beta1', 'billing', 'invoices']);
    t.finalize();
    expect(t.template('d', ['v1beta1', 'west-oak', 'locations'])).toEqual([
      'v1beta1',
      '{param}',
      'locations',
    ]);
    expect(t.template('d', ['v1beta1', 'billing', 'invoices'])).toEqual(['v1beta1', 'billing', 'invoices']);
  });

  it('takes names beside a parameter right after a version for its values, not elsewhere', () => {
    const t = new PathTemplater();
    for (const id of ['7359243', '8118635']) t.learn('d', ['v1', id, 'backups']);
    for (const name of ['east-umbrella', 'judy-wright']) t.learn('d', ['v1', name, 'locations']);
    // An API word holding only the values' routes, a lone name of no API word: values too.
    t.learn('d', ['v1', 'marketing', 'locations']);
    t.learn('d', ['v1', 'east-sales', 'locations']);
    t.learn('d', ['v1', 'yara-wright', 'operations']);
    // A collection holding routes of its own stays.
    t.learn('d', ['v1', 'billing', 'invoices']);
    // The same shape below a reserved word that is not a version stays literal.
    for (const id of ['7359243', '8118635']) t.learn('d', ['me', id, 'backups']);
    for (const name of ['east-umbrella', 'judy-wright']) t.learn('d', ['me', name, 'locations']);
    t.finalize();
    expect(t.template('d', ['v1', 'judy-wright', 'locations'])).toEqual(['v1', '{id}', 'locations']);
    expect(t.template('d', ['v1', 'marketing', 'locations'])).toEqual(['v1', '{id}', 'locations']);
    expect(t.template('d', ['v1', 'east-sales', 'locations'])).toEqual(['v1', '{id}', 'locations']);
    expect(t.template('d', ['v1', 'yara-wright', 'operations'])).toEqual(['v1', '{id}', 'operations']);
    expect(t.template('d', ['v1', 'billing', 'invoices'])).toEqual(['v1', 'billing', 'invoices']);
    expect(t.template('d', ['me', 'judy-wright', 'locations'])).toEqual(['me', 'judy-wright', 'locations']);
  });

  it('merges leaf values under a collection by the shape of the set, not actions', () => {
    const t = new PathTemplater();
    for (const peer of ['south', 'acme-prod', 'oak7', 'globex_east']) t.learn('d', ['peerings', peer]);
    for (const action of ['route-query', 'distance-query', 'search']) t.learn('d', ['obstacles', action]);
    t.learn('d', ['obstacles', '42']);
    t.finalize();
    expect(t.template('d', ['peerings', 'south'])).toEqual(['peerings', '{param}']);
    expect(t.template('d', ['peerings', 'oak7'])).toEqual(['peerings', '{param}']);
    expect(t.template('d', ['obstacles', 'route-query'])).toEqual(['obstacles', 'route-query']);
    expect(t.template('d', ['obstacles', 'search'])).toEqual(['obstacles', 'search']);
  });

  it("merges leaves of no API word mixing marks under a singular parent, not a value's routes", () => {
    const t = new PathTemplater();
    for (const snapshot of ['dave-wright', 'iron_initech', 'piper7', 'oak'])
      t.learn('d', ['cluster-snapshot', snapshot]);
    // Actions in the API's words, under a singular parent, stay.
    for (const action of ['connect_wifi', 'scan-wifi', 'reboot2']) t.learn('d', ['setup', action]);
    // Below a value not merged yet, its own routes stay for its siblings to share.
    for (const value of ['hooli927', 'iron_west'])
      for (const route of ['compressed-md5', 'verify_md5', 'md5'])
        t.learn('d', ['attachments', value, route]);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('cluster-snapshot', 'piper7')).toBe('cluster-snapshot/{param}');
    expect(path('cluster-snapshot', 'dave-wright')).toBe('cluster-snapshot/{param}');
    expect(path('setup', 'scan-wifi')).toBe('setup/scan-wifi');
    expect(path('attachments', 'iron_west', 'verify_md5')).toMatch(/^attachments\/\{\w+\}\/verify_md5$/);
  });

  it('merges handles written in several conventions, not codes or names joined by a separator', () => {
    const t = new PathTemplater();
    // Names alone or run together, beside a dotted name or a name with digits: people's handles.
    for (const user of [
      'ava',
      'bob',
      'grace',
      'heidiwalker',
      'chloe.davis',
      'erin85',
      'me',
      'lucas',
      'sybil',
    ])
      t.learn('d', ['brokers', '7', 'users', user]);
    // A handle that also holds a route of its own joins them; an API word holding one stays.
    t.learn('d', ['brokers', '7', 'users', 'sybil', 'permission']);
    t.learn('d', ['brokers', '7', 'users', 'search', 'recent']);
    // An API's own names of no API word join words by a separator, or are short codes: they stay.
    for (const channel of ['adm', 'baidu', 'gcm', 'apns_sandbox', 'apns_voip', 'email'])
      t.learn('d', ['apps', '7', 'channels', channel]);
    for (const format of ['json', 'csv', 'ov2', 'shp', 'ical', 'geojson'])
      t.learn('d', ['datasets', '7', 'exports', format]);
    // Two leaves: a dotted name beside a plain one is a person; two dotted file names are not.
    t.learn('d', ['environments', '7', 'users', 'trent.moore']);
    t.learn('d', ['environments', '7', 'users', 'trent']);
    t.learn('d', ['categories', '7', 'feeds', 'epg.atom']);
    t.learn('d', ['categories', '7', 'feeds', 'atoz.atom']);
    t.learn('d', ['chains', '7', 'tokens', 'erc20']);
    t.learn('d', ['chains', '7', 'tokens', 'polygon']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    const values = [
      ['brokers', 'grace'],
      ['brokers', 'chloe.davis'],
      ['brokers', 'erin85'],
      ['brokers', 'lucas'],
      ['brokers', 'sybil'],
      ['environments', 'trent.moore'],
      ['environments', 'trent'],
    ] as const;
    for (const [parent, value] of values)
      expect(path(parent, '7', 'users', value)).toBe(`${parent}/{id}/users/{param}`);
    const literals = [
      ['brokers', 'users', 'me'],
      ['apps', 'channels', 'baidu'],
      ['apps', 'channels', 'apns_voip'],
      ['datasets', 'exports', 'ov2'],
      ['datasets', 'exports', 'shp'],
      ['categories', 'feeds', 'epg.atom'],
      ['chains', 'tokens', 'erc20'],
    ] as const;
    for (const [parent, collection, name] of literals)
      expect(path(parent, '7', collection, name)).toBe(`${parent}/{id}/${collection}/${name}`);
    expect(path('brokers', '7', 'users', 'sybil', 'permission')).toBe(
      'brokers/{id}/users/{param}/permission',
    );
    expect(path('brokers', '7', 'users', 'search', 'recent')).toBe('brokers/{id}/users/search/recent');
  });

  it("merges handles below a parameter or a name in API words, not a value's own routes", () => {
    const t = new PathTemplater();
    for (const user of ['7f3a9c21d4e5b6a7', '0b1c2d3e4f5a6b7c']) t.learn('d', ['user', user, 'followers']);
    for (const user of ['mateo', 'chloedavis', 'zoe68']) t.learn('d', ['user', 'id_for', user]);
    for (const platform of ['pc', 'xbl'])
      for (const user of ['mia52', 'bob46', 'alice']) t.learn('d', ['stats', platform, user]);
    // Below a value, its own routes in API words or joined by a separator stay.
    for (const value of ['hooli927', 'iron_west'])
      for (const route of ['thumbnail', 'preview', 'raw2', 'verify_md5'])
        t.learn('d', ['attachments', value, route]);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('user', 'id_for', 'zoe68')).toBe('user/id_for/{param}');
    expect(path('stats', 'pc', 'bob46')).toBe('stats/{param}/{param}');
    expect(path('attachments', 'iron_west', 'raw2')).toMatch(/^attachments\/\{\w+\}\/raw2$/);
  });

  it('merges handles holding the same routes under a singular parent, not sections', () => {
    const t = new PathTemplater();
    // `lucas` merely ends in s: it holds the routes the other handles hold; so does `rupertjones`,
    // seen with one of them only.
    for (const user of ['trent', 'carolking', 'mateoking', 'erin85', 'emma.garcia', 'lucas'])
      for (const route of [['items'], ['templates', '4'], ['shopping-list']])
        t.learn('d', ['mealplanner', user, ...route]);
    t.learn('d', ['mealplanner', 'rupertjones', 'items']);
    // Sections of no API word, in one convention, stay.
    for (const protocol of ['coap', 'telnet', 'mqtt'])
      for (const route of ['msg', 'status']) t.learn('d', ['mimic', protocol, route]);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('mealplanner', 'carolking', 'items')).toBe('mealplanner/{param}/items');
    expect(path('mealplanner', 'emma.garcia', 'templates', '4')).toBe('mealplanner/{param}/templates/{id}');
    expect(path('mealplanner', 'lucas', 'shopping-list')).toBe('mealplanner/{param}/shopping-list');
    expect(path('mealplanner', 'rupertjones', 'items')).toBe('mealplanner/{param}/items');
    expect(path('mimic', 'telnet', 'msg')).toBe('mimic/telnet/msg');
  });

  it('merges two leaves under a collection of no API words when one is a name', () => {
    const t = new PathTemplater();
    t.learn('d', ['schemas', 'mia-davis']);
    t.learn('d', ['schemas', 'hooli-piper']);
    // API words joined by a dash, codes with digits, a plain action word: routes.
    t.learn('d', ['obstacles', 'route-query']);
    t.learn('d', ['obstacles', 'distance-query']);
    t.learn('d', ['transactions', 'trc10']);
    t.learn('d', ['transactions', 'trc20']);
    t.learn('d', ['orders', 'pending']);
    t.learn('d', ['orders', 'search']);
    // A name beside a word no API routes by: both values; beside an API word: both stay.
    t.learn('d', ['tags', 'tyrell_soylent']);
    t.learn('d', ['tags', 'green']);
    t.learn('d', ['exports', 'hooli-piper']);
    t.learn('d', ['exports', 'pending']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('schemas', 'mia-davis')).toBe('schemas/{param}');
    expect(path('schemas', 'hooli-piper')).toBe('schemas/{param}');
    expect(path('obstacles', 'route-query')).toBe('obstacles/route-query');
    expect(path('transactions', 'trc20')).toBe('transactions/trc20');
    expect(path('orders', 'pending')).toBe('orders/pending');
    expect(path('tags', 'green')).toBe('tags/{param}');
    expect(path('exports', 'pending')).toBe('exports/pending');
  });

  it('takes a joined name ending in an API word for a value beside the values it shares routes with', () => {
    const t = new PathTemplater();
    // A container API's plugins: two names sharing their actions; the collection's own routes stay.
    for (const action of ['enable', 'disable', 'push']) {
      t.learn('d', ['v1.33', 'plugins', 'iron', action]);
      t.learn('d', ['v1.33', 'plugins', 'initech_sales', action]);
    }
    for (const route of ['create', 'pull', 'privileges']) t.learn('d', ['v1.33', 'plugins', route]);
    // A sub-collection in API words beside a value stays (`payment_methods`).
    for (const action of ['enable', 'disable']) {
      t.learn('d', ['v1', 'stores', 'oak', action]);
      t.learn('d', ['v1', 'stores', 'payment_methods', action]);
    }
    t.finalize();
    const path = (p: string) => t.template('d', splitPath(p)).join('/');
    expect(path('v1.33/plugins/initech_sales/push')).toBe('v1.33/plugins/{param}/push');
    expect(path('v1.33/plugins/pull')).toBe('v1.33/plugins/pull');
    expect(path('v1/stores/payment_methods/enable')).toBe('v1/stores/payment_methods/enable');
  });

  it('takes a version below a collection of versions, releases, tags or builds for a value', () => {
    const t = new PathTemplater();
    t.learn('d', ['packages', 'left-pad', 'versions', 'v12.3.50']);
    t.learn('d', ['repos', 'releases', 'v2.1']);
    t.learn('d', ['v1', 'users']);
    // A release's number below a build or tag; an API's own version after its name stays.
    t.learn('d', ['api', 'projects', 'acme', 'build', '9.5.11']);
    t.learn('d', ['registry', 'tags', '12.23.2']);
    t.learn('d', ['groundhog-day-api', '1.2.1', 'holidays']);
    t.finalize();
    const path = (p: string) => t.template('d', splitPath(p)).join('/');
    expect(path('packages/left-pad/versions/v12.3.50').endsWith('/versions/{id}')).toBe(true);
    expect(path('repos/releases/v2.1')).toBe('repos/releases/{id}');
    expect(path('v1/users')).toBe('v1/users');
    expect(path('api/projects/acme/build/9.5.11')).toBe('api/projects/acme/build/{id}');
    expect(path('registry/tags/12.23.2')).toBe('registry/tags/{id}');
    expect(path('groundhog-day-api/1.2.1/holidays')).toBe('groundhog-day-api/1.2.1/holidays');
  });

  it('merges three leaves or more under a collection when most are names of no API word', () => {
    const t = new PathTemplater();
    // A cloud database API's instance pools: names written in one convention, and a plain one.
    for (const pool of ['victor-davis', 'oak-initech', 'lucas-walker', 'wonka'])
      t.learn('d', ['v1', 'instancePools', pool]);
    // One name beside plain words (vehicle kinds): the words are routes.
    for (const kind of ['car', 'rv', 'motorcycle', 'heavy-equipment']) t.learn('d', ['v2', 'dealers', kind]);
    // Names beside an action leaf: the action stays a route, and so do the names.
    for (const name of ['trent-wright', 'walter-wilson', 'oak-south', 'reset'])
      t.learn('d', ['sites', 'recommendations', name]);
    t.finalize();
    const path = (p: string) => t.template('d', splitPath(p)).join('/');
    expect(path('v1/instancePools/oak-initech')).toBe('v1/instancePools/{param}');
    expect(path('v1/instancePools/wonka')).toBe('v1/instancePools/{param}');
    expect(path('v2/dealers/heavy-equipment')).toBe('v2/dealers/heavy-equipment');
    expect(path('v2/dealers/car')).toBe('v2/dealers/car');
    expect(path('sites/recommendations/reset')).toBe('sites/recommendations/reset');
  });

  it("takes the last leaves beside many leaf values for values, not an API's several leaves", () => {
    const t = new PathTemplater();
    // Plural words kept out of the leaf values (`sales`, `south-sales`), alone beside three of them.
    for (const role of ['mia-davis', 'oak7', 'globex_east', 'sales', 'south-sales'])
      t.learn('d', ['roleAssignments', role]);
    // Three of the API's own leaves beside values (a device API's `/indices/statistics`, `…/buckets`).
    for (const index of ['acme-prod', 'piper7', 'hooli_west', 'buckets', 'percentiles', 'statistics'])
      t.learn('d', ['indices', index]);
    // Under a version, the API's collections beside values stay.
    for (const name of ['liam-miller', 'prod_tyrell', 'stark97', 'accounts']) t.learn('d', ['v1', name]);
    // Beside ids and names that merged with them; a lone action beside ids alone stays.
    for (const tag of ['17', '42', 'mia-davis', 'oak7', 'globex_east', 'hooli-piper', 'sales'])
      t.learn('d', ['tags', tag]);
    for (const job of ['17', '42', 'list']) t.learn('d', ['jobs', job]);
    // Beside a spec's camelCase example that stays, the other last leaf still joins.
    for (const cert of ['mia-davis', 'oak7', 'globex_east', 'sales', 'testCert'])
      t.learn('d', ['certificates', cert]);
    t.finalize();
    const templated = ['roleAssignments/mia-davis', 'roleAssignments/sales', 'roleAssignments/south-sales']
      .concat(['indices/piper7', 'indices/statistics', 'v1/stark97', 'v1/accounts'])
      .concat(['tags/oak7', 'tags/sales', 'jobs/list', 'certificates/sales'])
      .map((path) => t.template('d', splitPath(path)).join('/'));
    expect(templated).toEqual([
      'roleAssignments/{param}',
      'roleAssignments/{param}',
      'roleAssignments/{param}',
      'indices/{param}',
      'indices/statistics',
      'v1/{param}',
      'v1/accounts',
      'tags/{param}',
      'tags/{param}',
      'jobs/list',
      'certificates/{param}',
    ]);
  });

  it('takes the one lone leaf beside many leaf values under a singular name, not two', () => {
    const t = new PathTemplater();
    // Under a singular name (`/channel/{id}/program/{name}`), many values show the collection.
    for (const name of ['aperture', 'marketing_west', 'hooli_iron', 'peggy-jones', 'pied', 'sales'])
      t.learn('d', ['channel', 'hooli-acme', 'program', name]);
    // Two leaves beside as many values are the API's own routes (`/bulk/summary`, `/bulk/history`).
    for (const name of [
      'piper_sales',
      'oak-north',
      'wonka_east',
      'zoe-king',
      'stark_west',
      'summary',
      'history',
    ])
      t.learn('d', ['bulk', name]);
    // Beside fewer values, a singular name's leaf stays.
    for (const name of ['aperture', 'marketing_west', 'hooli_iron', 'sales']) t.learn('d', ['stream', name]);
    t.finalize();
    const templated = [
      'channel/hooli-acme/program/sales',
      'bulk/summary',
      'bulk/history',
      'stream/sales',
    ].map((path) => t.template('d', splitPath(path)).join('/'));
    expect(templated).toEqual([
      'channel/hooli-acme/program/{param}',
      'bulk/summary',
      'bulk/history',
      'stream/sales',
    ]);
  });

  it("takes the joined names a collection shows for values, not an API's joined routes", () => {
    const t = new PathTemplater();
    // Thin traffic: each collection shows one value, or two, with their routes.
    t.learn('d', ['domainnames', 'umbrella-north']);
    t.learn('d', ['domainnames', 'umbrella-north', 'basepathmappings', '7']);
    t.learn('d', ['domainnames', 'piper_oak']);
    t.learn('d', ['clusters', 'mateo-walker', 'databases', '12']);
    t.learn('d', ['clusters', 'mateo-walker', 'databases', '12', 'dataConnections']);
    // The spec's camelCase example value, holding the same routes.
    t.learn('d', ['clusters', 'kustoProd', 'databases', '31']);
    // Beside it, as few names mostly not of API words holding its routes.
    t.learn('d', ['publicIPPrefixes', 'iron_initech']);
    t.learn('d', ['publicIPPrefixes', 'test-ipprefix']);
    // An API's joined routes are in its words (`tracker-cloud`, `default_template`), and a joined
    // name beside other children (`/circuits/circuit-types`) is one of the API's own routes.
    t.learn('d', ['integrations', 'tracker-cloud']);
    t.learn('d', ['templates', 'default_template']);
    t.learn('d', ['accounts', 'payment-methods', '5']);
    t.learn('d', ['circuits', 'circuit-terminations', '5']);
    t.learn('d', ['circuits', 'circuit-types', '5']);
    t.learn('d', ['circuits', 'providers', '5']);
    // A word of the API beside a joined name: the collection's own routes.
    t.learn('d', ['exports', 'hooli-piper']);
    t.learn('d', ['exports', 'pending']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('domainnames', 'umbrella-north', 'basepathmappings', '7')).toBe(
      'domainnames/{param}/basepathmappings/{id}',
    );
    expect(path('domainnames', 'piper_oak')).toBe('domainnames/{param}');
    expect(path('clusters', 'mateo-walker', 'databases', '12')).toBe('clusters/{param}/databases/{id}');
    expect(path('clusters', 'kustoProd', 'databases', '31')).toBe('clusters/{param}/databases/{id}');
    expect(t.explain('d', ['domainnames', 'piper_oak'])[1]).toMatchObject({ rule: 'joined-name' });
    expect(path('publicIPPrefixes', 'test-ipprefix')).toBe('publicIPPrefixes/{param}');
    expect(t.explain('d', ['publicIPPrefixes', 'test-ipprefix'])[1]).toMatchObject({ rule: 'joined-name' });
    expect(path('integrations', 'tracker-cloud')).toBe('integrations/tracker-cloud');
    expect(path('exports', 'pending')).toBe('exports/pending');
    expect(path('templates', 'default_template')).toBe('templates/default_template');
    expect(path('accounts', 'payment-methods', '5')).toBe('accounts/payment-methods/{id}');
    expect(path('circuits', 'circuit-terminations', '5')).toBe('circuits/circuit-terminations/{id}');
  });

  it('takes values below a lone value of a collection when they share sub-trees, not API sections', () => {
    const t = new PathTemplater();
    // One owner in the traffic, several of its repositories holding the same routes.
    for (const repo of ['sammie', 'wellington', 'lundin-ab'])
      for (const route of [['hooks', '7', 'config'], ['issues', '12', 'comments'], ['pulls']])
        t.learn('d', ['repos', 'nynke', repo, ...route]);
    // The API's sections below a plural name: route words sharing routes, plurals, versions.
    for (const section of ['repos', 'orgs'])
      for (const route of [['hooks', '7', 'config'], ['events']])
        t.learn('d', ['users', 'me', section, ...route]);
    for (const kind of ['code', 'issues', 'commits'])
      for (const route of [['results', '4', 'text'], ['count']])
        t.learn('d', ['search', 'repos', kind, ...route]);
    for (const version of ['v1', 'v1beta2'])
      for (const route of [['deployments', 'scale'], ['daemonsets']])
        t.learn('d', ['apis', 'apps', version, ...route]);
    for (const kind of ['users', 'groups'])
      for (const route of [['members', '3', 'roles'], ['export']]) t.learn('d', ['admin', kind, ...route]);
    for (const engine of ['mysql', 'postgresql'])
      for (const route of [['instances', '5', 'backups'], ['versions']])
        t.learn('d', ['databases', engine, ...route]);
    t.learn('d', ['databases', 'instances', '5', 'backups']);
    // A name marked as data whose values below merged already; API routes beside one stay.
    for (const id of ['11', '12', '13']) t.learn('d', ['teams', 'anselme_25', id, 'commits']);
    for (const id of ['11', '12', '13']) t.learn('d', ['circuits', 'circuit-terminations', id, 'paths']);
    t.learn('d', ['circuits', 'providers', '4']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('repos', 'nynke', 'sammie', 'hooks', '7', 'config')).toBe(
      'repos/{param}/{param}/hooks/{id}/config',
    );
    expect(path('repos', 'nynke', 'wellington', 'pulls')).toBe('repos/{param}/{param}/pulls');
    expect(path('users', 'me', 'repos', 'hooks', '7', 'config')).toBe('users/me/repos/hooks/{id}/config');
    expect(path('search', 'repos', 'code', 'count')).toBe('search/repos/code/count');
    expect(path('apis', 'apps', 'v1', 'deployments', 'scale')).toBe('apis/apps/v1/deployments/scale');
    expect(path('admin', 'users', 'members', '3', 'roles')).toBe('admin/users/members/{id}/roles');
    expect(path('databases', 'mysql', 'instances', '5', 'backups')).toBe(
      'databases/mysql/instances/{id}/backups',
    );
    expect(path('teams', 'anselme_25', '11', 'commits')).toBe('teams/{param}/{id}/commits');
    expect(path('circuits', 'circuit-terminations', '11', 'paths')).toBe(
      'circuits/circuit-terminations/{id}/paths',
    );
    expect(t.explain('d', ['repos', 'nynke', 'sammie', 'pulls'])[1]).toMatchObject({ rule: 'lone-value' });
  });

  it('takes a lone value between a nested or answering collection and its sub-collection, not API words', () => {
    const t = new PathTemplater();
    // Thin traffic: each nested collection shows one value, holding a sub-collection.
    const nested = splitPath(
      '/subscriptions/4072197/resourceGroups/rg/providers/Acme.Sql/servers/north/operations',
    );
    t.learn('d', nested);
    t.learn('d', ['accounts', '31', 'instancePools', 'prod_sales', 'usages']);
    t.learn('d', ['tenants', '8812', 'resourceGroups', 'group1', 'deployments']);
    // An API's own routes there: reserved and API words, plurals, a dotted namespace, actions.
    t.learn('d', ['orgs', '12', 'users', 'me', 'repos']);
    t.learn('d', ['orgs', '12', 'repos', 'search', 'code']);
    t.learn('d', ['v1', 'accounts', 'settings', 'notifications']);
    t.learn('d', ['tenants', '7', 'accounts', 'settings', 'notifications']);
    t.learn('d', ['api', 'orders', 'feed', 'config']);
    t.learn('d', ['stores', '9', 'orders', 'feed', 'config']);
    t.learn('d', ['stores', '9', 'charges', 'search']);
    t.learn('d', ['v1', 'charges', 'wayne', 'refunds']);
    t.learn('d', ['projects', '3', 'timeseries', 'last', 'detect']);
    t.learn('d', ['projects', '3', 'jobs', '44', 'cancel']);
    // A code (`nf203`) and a capitalised constant (`VMExtension`) are the API's own names.
    t.learn('d', ['spaces', '5', 'settings', 'nf203', 'logs']);
    t.learn('d', ['locations', '6', 'artifactTypes', 'VMExtension', 'publishers']);
    // Not at the top: no parameter above shows the collection/{id} rhythm…
    t.learn('d', ['integrations', 'codehost', 'repos']);
    t.learn('d', ['Tools', 'crossbar', 'assays']);
    // …unless the collection answers requests itself, as a collection does (one account's log).
    t.learn('d', ['v1', 'clients']);
    t.learn('d', ['v1', 'clients', 'ridgewoodfarm', 'invoices']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path(...nested)).toBe(
      'subscriptions/{id}/resourceGroups/{param}/providers/Acme.Sql/servers/{param}/operations',
    );
    expect(path('accounts', '31', 'instancePools', 'prod_sales', 'usages')).toBe(
      'accounts/{id}/instancePools/{param}/usages',
    );
    expect(path('tenants', '8812', 'resourceGroups', 'group1', 'deployments')).toBe(
      'tenants/{id}/resourceGroups/{param}/deployments',
    );
    expect(t.explain('d', ['accounts', '31', 'instancePools', 'prod_sales', 'usages'])[3]).toMatchObject({
      rule: 'lone-value',
      values: ['prod_sales'],
    });
    expect(path('orgs', '12', 'users', 'me', 'repos')).toBe('orgs/{id}/users/me/repos');
    expect(path('orgs', '12', 'repos', 'search', 'code')).toBe('orgs/{id}/repos/search/code');
    expect(path('v1', 'accounts', 'settings', 'notifications')).toBe('v1/accounts/settings/notifications');
    expect(path('tenants', '7', 'accounts', 'settings', 'notifications')).toBe(
      'tenants/{id}/accounts/settings/notifications',
    );
    expect(path('api', 'orders', 'feed', 'config')).toBe('api/orders/feed/config');
    expect(path('stores', '9', 'orders', 'feed', 'config')).toBe('stores/{id}/orders/feed/config');
    expect(path('stores', '9', 'charges', 'search')).toBe('stores/{id}/charges/search');
    expect(path('v1', 'charges', 'wayne', 'refunds')).toBe('v1/charges/wayne/refunds');
    expect(path('projects', '3', 'timeseries', 'last', 'detect')).toBe(
      'projects/{id}/timeseries/last/detect',
    );
    expect(path('projects', '3', 'jobs', '44', 'cancel')).toBe('projects/{id}/jobs/{id}/cancel');
    expect(path('spaces', '5', 'settings', 'nf203', 'logs')).toBe('spaces/{id}/settings/nf203/logs');
    expect(path('locations', '6', 'artifactTypes', 'VMExtension', 'publishers')).toBe(
      'locations/{id}/artifactTypes/VMExtension/publishers',
    );
    expect(path('integrations', 'codehost', 'repos')).toBe('integrations/codehost/repos');
    expect(path('Tools', 'crossbar', 'assays')).toBe('Tools/crossbar/assays');
    expect(path('v1', 'clients', 'ridgewoodfarm', 'invoices')).toBe('v1/clients/{param}/invoices');
  });

  it("takes a documentation example among a nested collection's leaves, not the API's own leaves", () => {
    const t = new PathTemplater();
    // A placeholder word beside the collection's resource name: a spec author's example value.
    const examples = [
      '/databases/31/credentials/test_credential_name',
      '/databases/31/credentials/south_sales',
      '/groups/7/networks/sampleNetwork',
      '/accounts/5/volumes/TestVolume',
    ];
    // The API's own leaves: no placeholder, a placeholder alone or naming the collection itself,
    // beside an API word, or at the top.
    const routes = [
      '/users/8/tokens/accessToken',
      '/projects/3/builds/test',
      '/devices/4/samples/sample_rate',
      '/teams/6/volumes/testVolume',
      '/teams/6/volumes/search',
      '/credentials/test_credential_name',
    ];
    for (const path of [...examples, ...routes]) t.learn('d', splitPath(path));
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('databases', '31', 'credentials', 'test_credential_name')).toBe(
      'databases/{id}/credentials/{param}',
    );
    expect(path('databases', '31', 'credentials', 'south_sales')).toBe('databases/{id}/credentials/{param}');
    expect(t.explain('d', ['databases', '31', 'credentials', 'south_sales'])[3]).toMatchObject({
      rule: 'example-leaf',
    });
    expect(path('groups', '7', 'networks', 'sampleNetwork')).toBe('groups/{id}/networks/{param}');
    expect(path('accounts', '5', 'volumes', 'TestVolume')).toBe('accounts/{id}/volumes/{param}');
    expect(path('users', '8', 'tokens', 'accessToken')).toBe('users/{id}/tokens/accessToken');
    expect(path('projects', '3', 'builds', 'test')).toBe('projects/{id}/builds/test');
    expect(path('devices', '4', 'samples', 'sample_rate')).toBe('devices/{id}/samples/sample_rate');
    expect(path('teams', '6', 'volumes', 'testVolume')).toBe('teams/{id}/volumes/testVolume');
    expect(path('credentials', 'test_credential_name')).toBe('credentials/test_credential_name');
  });

  it('takes country and locale codes side by side for values, not a lone code among routes', () => {
    const t = new PathTemplater();
    // Leaves under a word no collection rule covers, and codes holding one route below a reserved word.
    for (const c of ['BR', 'IN', 'NL']) t.learn('d', ['company', 'search', c]);
    t.learn('d', ['company', 'search', 'advanced']);
    for (const c of ['JP', 'US']) t.learn('d', ['api', c, '4072197']);
    t.learn('d', ['api', 'health']);
    for (const l of ['pt-br', 'de-de']) t.learn('d', ['strings', l, 'package']);
    // One code among routes is no set of values (`/compliance/GB/initialize`).
    t.learn('d', ['compliance', 'GB', 'initialize']);
    t.learn('d', ['compliance', 'status']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('company', 'search', 'NL')).toBe('company/search/{param}');
    expect(path('company', 'search', 'advanced')).toBe('company/search/advanced');
    expect(path('api', 'US', '4072197')).toBe('api/{param}/{id}');
    expect(path('api', 'health')).toBe('api/health');
    expect(path('strings', 'de-de', 'package')).toBe('strings/{param}/package');
    expect(path('compliance', 'GB', 'initialize')).toBe('compliance/GB/initialize');
  });

  it('takes a value merged in one route for a value in another, not a route word', () => {
    const inv = new Inventory({ detectPii: false });
    for (const user of ['alice.moore', 'bob-lee', 'carol7'])
      for (const route of ['repos', 'gists']) inv.addObservation(obs(`/users/${user}/${route}`));
    inv.addObservation(obs('/user/following/alice.moore'));
    inv.addObservation(obs('/user/following/bob-lee'));
    inv.addObservation(obs('/teams/7/members/carol7'));
    inv.addObservation(obs('/teams/7/members/count'));
    const endpoints = inv.endpoints();
    const paths = endpoints.map((e) => e.normalizedPath);
    expect(paths).toContain('/user/following/{followingId}');
    expect(paths).toContain('/teams/{teamId}/members/{memberId}');
    expect(paths).toContain('/teams/{teamId}/members/count');
    const followed = endpoints.find((e) => e.normalizedPath === '/user/following/{followingId}');
    expect(followed?.merges?.[0]).toMatchObject({ rule: 'known-value', values: ['alice.moore', 'bob-lee'] });
  });

  it('takes plain names that sub-routes showed as values elsewhere, not actions merged by count', () => {
    const t = new PathTemplater();
    // `rupert` and `liamclark` are values of `/users`: both hold the same sub-routes.
    for (const user of ['rupert', 'liamclark'])
      for (const route of ['repos', 'gists']) t.learn('d', ['users', user, route]);
    t.learn('d', ['user', 'following', 'rupert']);
    t.learn('d', ['user', 'following', 'liamclark']);
    // Many actions below one call merge by their count alone: they stay words elsewhere.
    const actions = ['speak', 'hangup', 'bridge', 'answer', 'reject', 'refer', 'enqueue', 'gather'];
    for (const action of [
      ...actions,
      ...['record', 'pause', 'resume', 'transfer', 'dial', 'hold', 'park', 'whisper'],
      'fork',
      'playback',
      'mute',
      'unmute',
    ])
      t.learn('d', ['calls', '42', 'actions', action]);
    t.learn('d', ['conferences', '7', 'actions', 'speak']);
    t.learn('d', ['conferences', '7', 'actions', 'hangup']);
    t.finalize();
    expect(t.template('d', ['user', 'following', 'rupert'])).toEqual(['user', 'following', '{param}']);
    expect(t.explain('d', ['user', 'following', 'liamclark'])[2]).toMatchObject({ rule: 'known-value' });
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('calls', '42', 'actions', 'speak')).toBe('calls/{id}/actions/{param}');
    expect(path('conferences', '7', 'actions', 'speak')).toBe('conferences/{id}/actions/speak');
  });

  it('takes dash-joined names ending in s for values, not sub-collections', () => {
    const t = new PathTemplater();
    // `ava-jones` ends like a plural; its words are no API's route words: a repository's name.
    for (const owner of ['carol.young', 'trent.moore', 'peggy53'])
      for (const repo of ['ava-jones', 'heidi-taylor', 'blue-wonka'])
        for (const route of [['pulls'], ['keys', '42'], ['readme', 'docs'], ['issues', '7']])
          t.learn('d', ['repos', owner, repo, ...route]);
    // Sub-collections named with API words stay names below a parameter.
    for (const id of ['5', '9'])
      for (const sub of ['payment-methods', 'saved-cards']) t.learn('d', ['accounts', id, sub, '31']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('repos', 'carol.young', 'ava-jones', 'pulls')).toBe('repos/{param}/{param}/pulls');
    expect(path('accounts', '5', 'saved-cards', '31')).toBe('accounts/{id}/saved-cards/{id}');
  });

  it("keeps a collection's kinds in plain API words apart, not plain names sharing routes", () => {
    const t = new PathTemplater();
    // ClickSend's automations: each kind holds the same routes, as values of a parameter do.
    for (const kind of ['sms', 'fax', 'voice'])
      for (const route of [['receipts'], ['receipts', '7'], ['inbound']])
        t.learn('d', ['automations', kind, ...route]);
    // Cloud Search's statistics: kinds in API words, each listed whole and holding names that
    // are values elsewhere (one route below them all, a parameter).
    const names = ['west_stark', 'bob-king', 'hooli_gold', 'victor-walker', 'wayne', 'rupert-clark'];
    for (const name of names) t.learn('d', ['people', name, 'profile']);
    for (const kind of ['query', 'user', 'session', 'index']) {
      t.learn('d', ['stats', kind]);
      for (const name of names) t.learn('d', ['stats', kind, name]);
    }
    // Names as users type them, plain words of no API word, are values.
    for (const user of ['hooli', 'wonka', 'grace'])
      for (const route of ['repos', 'gists']) t.learn('d', ['users', user, route]);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/automations/fax/receipts/7')).toBe('automations/fax/receipts/{id}');
    expect(at('/automations/voice/inbound')).toBe('automations/voice/inbound');
    expect(at('/stats/session/bob-king')).toBe('stats/session/{param}');
    expect(at('/stats/query')).toBe('stats/query');
    expect(at('/users/wonka/gists')).toBe('users/{param}/gists');
  });

  it('takes a name that merely ends in s for a value, not sub-collections holding ids', () => {
    const t = new PathTemplater();
    // `lucas` reads as a plural; it holds the routes its sibling holds, as a user's name does.
    for (const user of ['lucas', 'noahwilson'])
      for (const route of ['events', 'gists', 'followers']) t.learn('d', ['users', user, route]);
    // Known as a value, it is one below other collections too.
    t.learn('d', ['orgs', '4', 'members', 'lucas']);
    t.learn('d', ['orgs', '4', 'members', 'noahwilson']);
    // Sub-collections of no API word share ids and actions, not routes of their own.
    for (const kind of ['chromeos', 'mobile'])
      for (const id of ['7', '8']) t.learn('d', ['devices', kind, id, 'action']);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/users/lucas/gists')).toBe('users/{param}/gists');
    expect(at('/users/noahwilson/events')).toBe('users/{param}/events');
    expect(at('/orgs/4/members/lucas')).toBe('orgs/{id}/members/{param}');
    expect(at('/devices/chromeos/7/action')).toBe('devices/chromeos/{id}/action');
  });

  it('takes known names sharing a sub-route for values where no parameter is beside them', () => {
    const t = new PathTemplater();
    for (const user of ['piper', 'prod_tyrell', 'carol-garcia', 'ByID', 'ByName'])
      for (const route of ['repos', 'gists']) t.learn('d', ['users', user, route]);
    t.learn('d', ['json', 'genderPinyin', 'piper', '42']);
    t.learn('d', ['json', 'genderPinyin', 'prod_tyrell', '77']);
    // Sections named with API words hold one sub-route too: they stay, known or not.
    t.learn('d', ['tv', 'ByID', '42']);
    t.learn('d', ['tv', 'ByName', '42']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('json', 'genderPinyin', 'piper', '42')).toBe('json/genderPinyin/{param}/{id}');
    expect(path('tv', 'ByID', '42')).toBe('tv/ByID/{id}');
  });

  it('looks again above known values once they merged: their parents may now share routes', () => {
    const t = new PathTemplater();
    for (const repo of ['globex_green', 'hooli_globex', 'frank-young'])
      for (const route of ['tags', 'digests']) t.learn('d', ['projects', '7', 'repositories', repo, route]);
    // Each registry holds other repositories (known values): alike only once those merged.
    const registries: [string, string[]][] = [
      ['stark-south', ['globex_green', 'hooli_globex']],
      ['sales67', ['globex_green']],
      ['wonka_staging', ['frank-young', 'hooli_globex']],
    ];
    for (const [registry, repos] of registries) {
      t.learn('d', ['registry', registry, 'garbage-collection']);
      for (const repo of repos) t.learn('d', ['registry', registry, repo, 'tags']);
    }
    for (const leaf of ['options', 'subscription', 'validate-name']) t.learn('d', ['registry', leaf]);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('registry', 'sales67', 'globex_green', 'tags')).toBe('registry/{param}/{param}/tags');
    expect(path('registry', 'options')).toBe('registry/options');
  });

  it('merges names below a nested collection that recur under no second parent value', () => {
    const inv = new Inventory({ detectPii: false });
    // Owners merge by their shared `repos`; below it, names no route uses, one owner each.
    for (const [owner, repo] of [
      ['ann-lee', 'wonka'],
      ['ann-lee', 'zorblax'],
      ['bo-chen', 'quintet'],
    ])
      inv.addObservation(obs(`/users/${owner}/repos/${repo}`));
    // The same shape with route words (API vocabulary) and one name below two owners stays.
    for (const owner of ['cy-ode', 'di-fox']) inv.addObservation(obs(`/teams/${owner}/boards/archive`));
    inv.addObservation(obs('/teams/cy-ode/boards/export'));
    inv.addObservation(obs('/teams/di-fox/boards/settings'));
    const endpoints = inv.endpoints();
    const paths = endpoints.map((e) => e.normalizedPath);
    expect(paths).toContain('/users/{userId}/repos/{repoId}');
    expect(paths).toContain('/teams/{teamId}/boards/archive');
    expect(paths).toContain('/teams/{teamId}/boards/export');
    const repo = endpoints.find((e) => e.normalizedPath === '/users/{userId}/repos/{repoId}');
    expect(repo?.merges?.find((m) => m.parameter === '{repoId}')).toMatchObject({ rule: 'nested-values' });
  });

  it('merges names below a nested collection when one name of no API word recurs under two parents', () => {
    const inv = new Inventory({ detectPii: false });
    // Optic's case: `love` below two organisations is one more repository, not a route.
    for (const [org, repo] of [
      ['opticdev', 'optic'],
      ['opticdev', 'optic-10'],
      ['opticdev', 'fun'],
      ['acme-fun', 'demo'],
      ['acme-fun', 'love'],
      ['rosa', 'love'],
    ])
      inv.addObservation(obs(`/organizations/${org}/repositories/${repo}`));
    // A route word met below two parents still keeps the set literal (`archive`).
    for (const owner of ['cy-ode', 'di-fox']) inv.addObservation(obs(`/teams/${owner}/boards/archive`));
    for (const board of ['quintet', 'zorblax', 'wonka'])
      inv.addObservation(obs(`/teams/cy-ode/boards/${board}`));
    const paths = inv.endpoints().map((e) => e.normalizedPath);
    expect(paths).toContain('/organizations/{organizationId}/repositories/{repositoryId}');
    expect(paths.filter((p) => p.startsWith('/organizations/'))).toHaveLength(1);
    expect(paths).toContain('/teams/{teamId}/boards/archive');
    expect(paths).toContain('/teams/{teamId}/boards/wonka');
  });

  it('takes literals beside a parameter for its values when their words are not API words', () => {
    const inv = new Inventory({ detectPii: false });
    for (const id of ['42', '77', 'jacnky', 'settings']) inv.addObservation(obs(`/notifications/${id}`));
    for (const id of ['5', '9', 'peggy-lopez', 'archive']) inv.addObservation(obs(`/project/${id}/cards`));
    inv.addObservation(obs('/project/5/lists'));
    inv.addObservation(obs('/project/rupert/lists'));
    const endpoints = inv.endpoints();
    const paths = endpoints.map((e) => e.normalizedPath).sort();
    expect(paths).toEqual([
      '/notifications/settings',
      '/notifications/{notificationId}',
      '/project/archive/cards',
      '/project/{projectId}/cards',
      '/project/{projectId}/lists',
    ]);
    const notification = endpoints.find((e) => e.normalizedPath === '/notifications/{notificationId}');
    expect(notification?.merges?.[0]).toMatchObject({ rule: 'vocabulary', values: ['jacnky'] });
  });

  it('keeps API words run together beside a parameter literal, not a run-together name', () => {
    const inv = new Inventory({ detectPii: false });
    for (const id of ['42', '77', 'liamclark', 'changenotification', 'encryptionkey'])
      inv.addObservation(obs(`/notifications/${id}`));
    const paths = inv
      .endpoints()
      .map((e) => e.normalizedPath)
      .sort();
    expect(paths).toEqual([
      '/notifications/changenotification',
      '/notifications/encryptionkey',
      '/notifications/{notificationId}',
    ]);
  });

  it("keeps several plain API-word leaves beside a collection's values literal, not one or two", () => {
    const t = new PathTemplater();
    for (const v of ['prod_hooli', 'green-east', 'tyrell-pied', 'oak_south']) {
      t.learn('d', ['domains', v, 'records']);
      t.learn('d', ['domains', v]);
    }
    for (const action of ['suggest', 'available', 'agreements']) t.learn('d', ['domains', action]);
    t.learn('d', ['domains', 'purchase', 'schema']);
    for (const v of ['north-east', 'gold_west', 'west-acme']) t.learn('d', ['teams', v, 'members']);
    for (const v of ['sales', 'archive']) t.learn('d', ['teams', v]);
    t.finalize();
    for (const action of ['suggest', 'available', 'agreements'])
      expect(t.template('d', ['domains', action])).toEqual(['domains', action]);
    // With routes of its own, none of the values' (`/domains/purchase/schema`), it is one of them.
    expect(t.template('d', ['domains', 'purchase', 'schema'])).toEqual(['domains', 'purchase', 'schema']);
    expect(t.template('d', ['domains', 'prod_hooli'])).toEqual(['domains', '{param}']);
    // One or two such leaves are popular values (`/teams/sales`).
    expect(t.template('d', ['teams', 'sales'])).toEqual(['teams', '{param}']);
    expect(t.template('d', ['teams', 'archive'])).toEqual(['teams', '{param}']);
  });

  it('reads a plain word whose plural APIs route by as an API word: a pair of sections', () => {
    const t = new PathTemplater();
    for (const id of ['1842', '77', '9031']) t.learn('d', ['orders', id]);
    for (const section of ['feed', 'hook']) t.learn('d', ['orders', section, 'config']);
    t.finalize();
    expect(t.template('d', ['orders', 'hook', 'config'])).toEqual(['orders', 'hook', 'config']);
    expect(t.template('d', ['orders', 'feed', 'config'])).toEqual(['orders', 'feed', 'config']);
  });

  it('keeps a plain word at the root beside a parameter holding routes literal, not a marked name', () => {
    const inv = new Inventory({ detectPii: false });
    for (const id of ['2075824', '6749303', '9496173'])
      for (const route of ['earnings', 'payment']) inv.addObservation(obs(`/${id}/${route}`));
    // Leaves at the root: the API's own pages (`/glossary`), and a value written with a mark.
    for (const leaf of ['glossary', 'styleguide', 'east-umbrella']) inv.addObservation(obs(`/${leaf}`));
    const paths = inv
      .endpoints()
      .map((e) => e.normalizedPath)
      .sort();
    expect(paths).toContain('/glossary');
    expect(paths).toContain('/styleguide');
    expect(paths).not.toContain('/east-umbrella');
  });

  it('merges the sub-trees of values taken beside a parameter into its merged positions', () => {
    const t = new PathTemplater();
    // An example value (`subid`) beside the generated ones, with a resource group seen below it only.
    for (const sub of ['3f1c2e4a-0b7d-4c6e-9a8f-1d2e3f4a5b6c', '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'])
      for (const group of ['alice-rg', 'bob_rg', 'carol7'])
        t.learn('d', ['subscriptions', sub, 'resourceGroups', group, 'providers']);
    t.learn('d', ['subscriptions', 'subid', 'resourceGroups', 'staging_iron', 'providers']);
    t.finalize();
    expect(
      t.template('d', ['subscriptions', 'subid', 'resourceGroups', 'staging_iron', 'providers']),
    ).toEqual(['subscriptions', '{uuid}', 'resourceGroups', '{param}', 'providers']);
  });

  it('merges names marked as data holding the same routes under a singular parent, not sections', () => {
    const inv = new Inventory({ detectPii: false });
    const base = '/providers/Acme.ApiManagement/service';
    for (const service of ['blue93', 'sales_hooli', 'green-vandelay'])
      for (const route of ['loggers/7', 'diagnostics/3', 'tenant'])
        inv.addObservation(obs(`${base}/${service}/${route}`));
    // Sections sharing sub-routes keep one convention and API words; collections' names stay too.
    for (const protocol of ['coap', 'telnet', 'ssh'])
      for (const route of ['config', 'state/4']) inv.addObservation(obs(`/mimic/msg/${protocol}/${route}`));
    for (const name of ['l2vpns', 'l2vpn-terminations', 'vlan-groups', 'ip-ranges', 'roles'])
      inv.addObservation(obs(`/api/ipam/${name}/5`));
    const endpoints = inv.endpoints();
    const paths = endpoints.map((e) => e.normalizedPath);
    expect(paths).toContain(`${base}/{serviceId}/loggers/{loggerId}`);
    expect(paths).toContain('/mimic/msg/coap/config');
    expect(paths).toContain('/api/ipam/l2vpn-terminations/{id}');
    const logger = endpoints.find((e) => e.normalizedPath === `${base}/{serviceId}/loggers/{loggerId}`);
    expect(logger?.merges?.[0]).toMatchObject({ rule: 'sibling-structure', distinct: 3 });
  });

  it('merges dash-joined names of no API words holding the same routes under a singular parent', () => {
    const t = new PathTemplater();
    for (const group of ['erin-clark', 'hooli-north', 'piper-globex'])
      for (const route of [['channel'], ['channel', '7', 'policy']])
        t.learn('d', ['channelGroup', group, ...route]);
    // Sections named in the API's words, one convention, stay.
    for (const report of ['sales-summary', 'tax-summary']) t.learn('d', ['report', report, 'export']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('channelGroup', 'hooli-north', 'channel')).toBe('channelGroup/{param}/channel');
    expect(path('channelGroup', 'erin-clark', 'channel', '7', 'policy')).toBe(
      'channelGroup/{param}/channel/{id}/policy',
    );
    expect(path('report', 'tax-summary', 'export')).toBe('report/tax-summary/export');
  });

  it('merges two names holding one deep sub-tree under a singular parent when one is marked as data', () => {
    const t = new PathTemplater();
    const base = ['providers', 'Acme.ApiManagement', 'service'];
    // A name with a digit beside a plain one, each with the same routes: two values of the service.
    for (const service of ['orbit6', 'red'])
      for (const route of [
        ['authorizationServers'],
        ['authorizationServers', '7'],
        ['authorizationServers', '7', 'listSecrets'],
      ])
        t.learn('d', [...base, service, ...route]);
    // Look-alikes that stay: plain API words sharing a sub-tree, one convention, short codes, one route.
    for (const side of ['public', 'private'])
      for (const route of [['items'], ['items', '7'], ['items', '7', 'tags']])
        t.learn('d', ['api', side, ...route]);
    for (const mode of ['live', 'test'])
      for (const route of [['charges'], ['charges', '7']]) t.learn('d', ['v1', mode, ...route]);
    for (const goal of ['minimum-variance', 'maximum-return'])
      for (const route of [['diversified'], ['subset-resampling-based']])
        t.learn('d', ['portfolio', 'optimization', goal, ...route]);
    for (const store of ['s3', 'gcs'])
      for (const route of [['objects'], ['objects', '7']]) t.learn('d', ['storage', store, ...route]);
    for (const flow of ['saml2', 'ldap']) t.learn('d', ['auth', flow, 'token']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path(...base, 'red', 'authorizationServers', '7', 'listSecrets')).toBe(
      'providers/Acme.ApiManagement/service/{param}/authorizationServers/{id}/listSecrets',
    );
    expect(path(...base, 'orbit6', 'authorizationServers')).toBe(
      'providers/Acme.ApiManagement/service/{param}/authorizationServers',
    );
    expect(path('api', 'private', 'items', '7', 'tags')).toBe('api/private/items/{id}/tags');
    expect(path('v1', 'test', 'charges', '7')).toBe('v1/test/charges/{id}');
    expect(path('portfolio', 'optimization', 'maximum-return', 'diversified')).toBe(
      'portfolio/optimization/maximum-return/diversified',
    );
    expect(path('storage', 's3', 'objects', '7')).toBe('storage/s3/objects/{id}');
    expect(path('auth', 'saml2', 'token')).toBe('auth/saml2/token');
  });

  it('takes the values a parameter took at a position of the same name elsewhere in the domain', () => {
    const t = new PathTemplater();
    // `/get-pricing/outbound/{param}` took five leaves marked as data in more than one way.
    for (const value of ['blue_oak', 'gold', 'noah-moore', 'soylent', 'mateo-davis'])
      t.learn('d', ['account', 'get-pricing', 'outbound', value]);
    for (const value of ['noah-moore', 'gold', 'mateo-davis'])
      t.learn('d', ['account', 'get-full-pricing', 'outbound', value]);
    // Another child there keeps them literal, and so does a position of another name.
    for (const value of ['noah-moore', 'gold', 'summary'])
      t.learn('d', ['account', 'get-net-pricing', 'outbound', value]);
    for (const value of ['noah-moore', 'gold']) t.learn('d', ['account', 'get-pricing', 'inbound', value]);
    // Plain words alone carry no mark of data: they may be the API's own routes, and stay.
    for (const value of ['gold', 'soylent'])
      t.learn('d', ['account', 'get-gross-pricing', 'outbound', value]);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('account', 'get-full-pricing', 'outbound', 'gold')).toBe(
      'account/get-full-pricing/outbound/{param}',
    );
    expect(path('account', 'get-net-pricing', 'outbound', 'gold')).toBe(
      'account/get-net-pricing/outbound/gold',
    );
    expect(path('account', 'get-pricing', 'inbound', 'noah-moore')).toBe(
      'account/get-pricing/inbound/noah-moore',
    );
    expect(path('account', 'get-gross-pricing', 'outbound', 'soylent')).toBe(
      'account/get-gross-pricing/outbound/soylent',
    );
  });

  it('merges values under a route named in API words beside the parameter above', () => {
    const t = new PathTemplater();
    // `/v1/{parent}/chrome/…` beside `/v1/customer/{customer}/…`: `customer` is a route of its
    // own (API words, none of the parameter's routes), so its children may be values.
    for (const id of ['3f1c2e4a-0b7d-4c6e-9a8f-1d2e3f4a5b6c', '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'])
      t.learn('d', ['v1', id, 'chrome', 'printers']);
    for (const customer of ['gold', 'green-globex', 'umbrella_marketing'])
      for (const route of [
        ['roles', '7'],
        ['resources', 'features'],
      ])
        t.learn('d', ['v1', 'customer', customer, ...route]);
    // Sections there, named in the API's words, stay.
    for (const section of ['sales-summary', 'tax-summary']) t.learn('d', ['v1', 'report', section, 'export']);
    t.finalize();
    expect(t.template('d', ['v1', 'customer', 'green-globex', 'roles', '7'])).toEqual([
      'v1',
      'customer',
      '{param}',
      'roles',
      '{id}',
    ]);
    expect(t.template('d', ['v1', 'report', 'tax-summary', 'export']).join('/')).toBe(
      'v1/report/tax-summary/export',
    );
  });

  it('merges three or more names of no API word, partly joined, sharing routes under a singular parent', () => {
    const t = new PathTemplater();
    // One plain name among names joined by a dash, all holding the same routes.
    for (const service of ['heidi-miller', 'globex-umbrella', 'cyberdyne', 'noah-wilson'])
      for (const route of [['api-version-sets'], ['api-version-sets', '7']])
        t.learn('d', ['providers', 'Acme.ApiManagement', 'service', service, ...route]);
    // Plain names among them, two joined of five (`/Road/stark-red/Status`).
    for (const road of ['stark-red', 'acme', 'piper', 'soylent-green', 'green'])
      t.learn('d', ['Road', road, 'Status']);
    // Sections of one protocol each, a single one joined of four: they stay.
    for (const protocol of ['coap', 'telnet', 'ipmi', 'snmp-tcp'])
      for (const route of [['config'], ['state', '4']]) t.learn('d', ['mimic', 'msg', protocol, ...route]);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('providers', 'Acme.ApiManagement', 'service', 'cyberdyne', 'api-version-sets')).toBe(
      'providers/Acme.ApiManagement/service/{param}/api-version-sets',
    );
    expect(path('Road', 'acme', 'Status')).toBe('Road/{param}/Status');
    expect(path('mimic', 'msg', 'snmp-tcp', 'config')).toBe('mimic/msg/snmp-tcp/config');
    expect(path('mimic', 'msg', 'coap', 'state', '4')).toBe('mimic/msg/coap/state/{id}');
  });

  it('takes a joined name that merely ends in a plural for a value when it holds only its routes', () => {
    const t = new PathTemplater();
    // `soylent_sales` beside `/service/{param}/openidConnectProviders`, holding that route only.
    for (const group of ['west', 'prod-oak'])
      for (const service of ['blue93', 'green-vandelay', 'acme_wonka', 'soylent_sales'])
        for (const route of [['openidConnectProviders'], ['openidConnectProviders', '5']])
          t.learn('d', ['resourceGroups', group, 'service', service, ...route]);
    // A sibling collection beside values holds ids (NetBox's `/api/ipam/vlan-groups/{id}`): it stays.
    for (const name of ['acme-east', 'blue_7', 'oak9', 'vlan-groups']) t.learn('d', ['ipam', name, '5']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('resourceGroups', 'west', 'service', 'soylent_sales', 'openidConnectProviders')).toBe(
      'resourceGroups/{param}/service/{param}/openidConnectProviders',
    );
    expect(path('ipam', 'vlan-groups', '5')).toBe('ipam/vlan-groups/{id}');
    expect(path('ipam', 'oak9', '5')).toBe('ipam/{param}/{id}');
  });

  it('merges names under a singular parent when each holds a few of the routes the others hold', () => {
    const t = new PathTemplater();
    // Each value was seen with one route all share and two of six others: none of those six is
    // below half of them, each is below two.
    const routes = ['firewallRules/7', 'linkedServers/4', 'forceReboot', 'listKeys', 'metrics', 'usages'];
    const names = ['gold_stark', 'vandelay-stark', 'cache1', 'umbrella_aperture', 'wonka-green', 'east92'];
    names.forEach((name, i) => {
      for (const route of ['patchSchedules', routes[i], routes[(i + 1) % routes.length]] as string[])
        t.learn('d', ['providers', 'Acme.Cache', 'Redis', name, ...route.split('/')]);
    });
    // Sections sharing a few routes keep one convention and their API's words: they stay.
    for (const [section, route] of [
      ['radio', 'follows'],
      ['radio', 'history'],
      ['music', 'history'],
      ['music', 'likes'],
      ['video', 'likes'],
      ['video', 'follows'],
    ] as const)
      t.learn('d', ['my', section, route]);
    t.finalize();
    expect(t.template('d', ['providers', 'Acme.Cache', 'Redis', 'cache1', 'listKeys'])).toEqual([
      'providers',
      'Acme.Cache',
      'Redis',
      '{param}',
      'listKeys',
    ]);
    expect(t.template('d', ['my', 'music', 'likes'])).toEqual(['my', 'music', 'likes']);
  });

  it('takes an example value whose routes all sit below the parameter beside it, not collections', () => {
    const t = new PathTemplater();
    for (const group of ['tyrell_oak', 'olivia-lopez', 'south7'])
      for (const route of [['stores'], ['stores', '4', 'keys']])
        t.learn('d', ['resourceGroups', group, 'providers', ...route]);
    t.learn('d', ['resourceGroups', 'myResourceGroup', 'providers', 'stores', '9', 'keys']);
    // Collections of one shape beside merged names keep their names, however alike their routes.
    for (const name of ['acme-eu', 'wayne_us', 'oak7', 'TicketHistory', 'TaxSetup', 'QuoteContent'])
      for (const route of ['query', '12']) t.learn('d', ['V1.0', name, route]);
    t.finalize();
    expect(t.template('d', ['resourceGroups', 'myResourceGroup', 'providers', 'stores'])).toEqual([
      'resourceGroups',
      '{param}',
      'providers',
      'stores',
    ]);
    expect(t.template('d', ['V1.0', 'TaxSetup', 'query'])).toEqual(['V1.0', 'TaxSetup', 'query']);
  });

  it("takes a value that looks plural holding only the parameter's literal routes, not a sub-collection", () => {
    const t = new PathTemplater();
    for (const service of ['tyrell_oak', 'olivia-lopez', 'south7'])
      for (const route of [['backends'], ['9', 'backends']]) t.learn('d', ['service', service, ...route]);
    // `iron_sales` ends in s; `errorGroups` holds ids, as a sub-collection does.
    t.learn('d', ['service', 'iron_sales', 'backends']);
    t.learn('d', ['service', 'errorGroups', '4', 'backends']);
    t.finalize();
    const templated = ['service/iron_sales/backends', 'service/errorGroups/4/backends'].map((path) =>
      t.template('d', splitPath(path)).join('/'),
    );
    expect(templated).toEqual(['service/{param}/backends', 'service/errorGroups/{id}/backends']);
  });

  it('takes an example value whose own sub-resources are values where the parameter merged them', () => {
    const t = new PathTemplater();
    for (const hub of ['tyrell_oak', 'olivia-lopez', 'south7'])
      for (const prediction of ['erin-walker', 'dave_lee', 'piper7']) {
        t.learn('d', ['hubs', hub, 'predictions', prediction, 'reprocess']);
        t.learn('d', ['hubs', hub, 'views']);
      }
    // The example hub's prediction (`stark-iron`) was seen below it only.
    t.learn('d', ['hubs', 'sdkTestHub', 'predictions', 'stark-iron', 'reprocess']);
    t.learn('d', ['hubs', 'sdkTestHub', 'views']);
    // A namespace beside a generic parameter holds collections of its own, not values.
    for (const ns of ['acme-east', 'wayne_7', 'oak-west'])
      for (const type of ['red-pied', 'globex_9', 'blue-iron'])
        t.learn('d', ['providers', ns, type, '5', 'locks']);
    t.learn('d', ['providers', 'sampleProvider', 'widgets', '7', 'locks']);
    t.finalize();
    expect(t.template('d', ['hubs', 'sdkTestHub', 'predictions', 'stark-iron', 'reprocess'])).toEqual([
      'hubs',
      '{param}',
      'predictions',
      '{param}',
      'reprocess',
    ]);
    expect(t.template('d', ['providers', 'sampleProvider', 'widgets', '7', 'locks'])).toEqual([
      'providers',
      'sampleProvider',
      'widgets',
      '{id}',
      'locks',
    ]);
  });

  it('takes an example value named after its resource holding a few routes of its own', () => {
    const t = new PathTemplater();
    for (const hub of ['tyrell_oak', 'olivia-lopez', 'south7'])
      for (const route of [['views'], ['predictions', '4'], ['roles']]) t.learn('d', ['hubs', hub, ...route]);
    // Used in every example request, the example hub holds a route its siblings were not seen with.
    for (const route of [['views'], ['predictions', '5'], ['roles'], ['images', 'getUploadUrl']])
      t.learn('d', ['hubs', 'sdkTestHub', ...route]);
    // A name that does not name the resource and shares no route with the values (sharing one, a
    // camelCase name joins them by structure), or mostly holds routes of its own, stays.
    for (const route of [
      ['exports', '6'],
      ['images', 'getUploadUrl'],
    ])
      t.learn('d', ['hubs', 'exampleStore', ...route]);
    for (const route of ['views', 'limits', 'alerts', 'quotas']) t.learn('d', ['hubs', 'hubSettings', route]);
    // Beside a typed parameter, a name of API words joins it when it names the resource.
    for (const group of ['0f8fad5b-d9cb-469f-a165-70867728950e', '7c9e6679-7425-40de-944b-e07fc1f90ae7'])
      t.learn('d', ['resourceGroups', group, 'providers', 'stores']);
    t.learn('d', ['resourceGroups', 'ResourceGroupForSDKTest', 'providers', 'stores']);
    t.finalize();
    expect(t.template('d', ['hubs', 'sdkTestHub', 'images', 'getUploadUrl'])).toEqual([
      'hubs',
      '{param}',
      'images',
      'getUploadUrl',
    ]);
    expect(t.template('d', ['hubs', 'exampleStore', 'exports', '6'])).toEqual([
      'hubs',
      'exampleStore',
      'exports',
      '{id}',
    ]);
    expect(t.template('d', ['hubs', 'hubSettings', 'limits'])).toEqual(['hubs', 'hubSettings', 'limits']);
    expect(t.template('d', ['resourceGroups', 'ResourceGroupForSDKTest', 'providers', 'stores'])).toEqual([
      'resourceGroups',
      '{uuid}',
      'providers',
      'stores',
    ]);
    expect(t.explain('d', ['resourceGroups', 'ResourceGroupForSDKTest', 'providers'])[1]).toMatchObject({
      rule: 'named-example',
    });
  });

  it('takes a root word holding a long route of the typed ids beside it, not short or own routes', () => {
    const t = new PathTemplater();
    // `/{scope}/providers/…` called as the documentation's `/scope/providers/…`.
    for (const domain of ['d', 'e'])
      for (const id of ['4ebb1a32-6bd6-4a4f-a6b1-0a2d5c0e1f11', '9d2f1c52-77a4-4c0e-8f3e-1b2a3c4d5e6f'])
        for (const route of [['associations'], ['associations', 'north-pied'], ['links']])
          t.learn(domain, [id, 'providers', 'custom', ...route]);
    t.learn('d', ['scope', 'providers', 'custom', 'associations']);
    // A root route holding a short route of the ids, or a long route of its own, stays; so does an
    // alias (in another domain: three or more literals so contained are the API's own routes).
    t.learn('d', ['health', 'providers']);
    t.learn('d', ['orgs', 'providers', 'custom', 'settings']);
    t.learn('e', ['default', 'providers', 'custom', 'links']);
    t.finalize();
    expectTemplates(
      t,
      [
        ['scope/providers/custom/associations', '{uuid}/providers/custom/associations'],
        ['health/providers', 'health/providers'],
        ['orgs/providers/custom/settings', 'orgs/providers/custom/settings'],
        ['default/providers/custom/links', 'default/providers/custom/links'],
      ],
      (path) => (path.startsWith('default') ? 'e' : 'd'),
    );
    expect(t.explain('d', ['scope', 'providers'])[0]).toMatchObject({
      rule: 'inside-parameter',
      values: ['scope'],
    });
  });

  it('takes a root name joined as the root values are, with a route of its own, not API names', () => {
    const t = new PathTemplater();
    // Organisations at the root, their names joined by a dash (`/dupuis-et-arnaud/invoices`).
    for (const org of ['perez-et-colin', 'cronin-stroman', 'tonat-schumann-und-hasler', 'karlsson-holmberg'])
      t.learn('d', [org, 'invoices']);
    t.learn('d', ['bosch-bv', 'members']);
    // The API's own root routes, named in its words or plain, stay.
    t.learn('d', ['payment-methods', 'cards']);
    t.learn('d', ['health', 'live']);
    t.finalize();
    expectTemplates(t, [
      ['cronin-stroman/invoices', '{param}/invoices'],
      ['bosch-bv/members', '{param}/members'],
      ['payment-methods/cards', 'payment-methods/cards'],
      ['health/live', 'health/live'],
    ]);
  });

  it('takes a placeholder spelling an identifier beside a parameter, not routes or actions', () => {
    const t = new PathTemplater();
    // Documentation writes the parameter's name where the value goes (`/{resourceUri}/providers/…`).
    for (const id of ['4ebb1a32-6bd6-4a4f-a6b1-0a2d5c0e1f11', '9d2f1c52-77a4-4c0e-8f3e-1b2a3c4d5e6f'])
      for (const route of [['events'], ['statuses', 'current']]) t.learn('d', [id, 'providers', ...route]);
    t.learn('d', ['resourceUri', 'providers', 'events']);
    // A leaf placeholder beside typed ids under a collection (at the root, a leaf names no collection).
    for (const id of ['e0bb556f9c53a4a5d683507e', '8287af2f6d1b4609e08f8977'])
      t.learn('d', ['recommendations', id, 'suppressions']);
    t.learn('d', ['recommendations', 'recommendationId']);
    t.learn('d', ['recommendations', 'recommendationId', 'suppressions']);
    for (const id of ['93db511f-677e-4911-9846-5fc02057f3c5', 'bef58238-7375-4732-9ac8-66cd9abcb7f4'])
      t.learn('d', [id]);
    t.learn('d', ['roleassignmentId']);
    // A leaf naming which id it gives, and a route holding routes that names no collection's resource.
    for (const id of ['31', '32', 'liveSnapshotId']) t.learn('d', ['snapshots', id]);
    for (const kind of ['userId', 'accountId']) t.learn('d', ['annotations', kind, '2279']);
    for (const id of ['41', '42']) t.learn('d', ['annotations', id, '7']);
    // Look-alikes stay: an operation naming an id, a sub-resource, a collection's own routes, a
    // root route of its own, a route holding routes the ids lack.
    for (const id of ['17', '18']) t.learn('d', ['users', id, 'orders']);
    for (const name of ['getUserById', 'publicKey', 'me', 'avatarUrl']) t.learn('d', ['users', name]);
    t.learn('d', ['users', 'accountId', 'settings']);
    for (const name of ['healthz', 'userInfo']) t.learn('d', [name]);
    t.learn('d', ['oauth', 'token']);
    t.finalize();
    expectTemplates(t, [
      ['resourceUri/providers/events', '{uuid}/providers/events'],
      ['recommendations/recommendationId', 'recommendations/{objectId}'],
      ['recommendations/recommendationId/suppressions', 'recommendations/{objectId}/suppressions'],
      ['roleassignmentId', 'roleassignmentId'],
      ['snapshots/liveSnapshotId', 'snapshots/liveSnapshotId'],
      ['annotations/userId/2279', 'annotations/userId/{id}'],
      ['users/getUserById', 'users/getUserById'],
      ['users/publicKey', 'users/publicKey'],
      ['users/me', 'users/me'],
      ['users/accountId/settings', 'users/accountId/settings'],
      ['healthz', 'healthz'],
      ['userInfo', 'userInfo'],
      ['oauth/token', 'oauth/token'],
    ]);
    expect(t.explain('d', ['resourceUri', 'providers'])[0]).toMatchObject({
      rule: 'placeholder',
      values: ['resourceUri'],
    });
  });

  it('takes a camelCase example sharing routes with a value, not camelCase routes', () => {
    const t = new PathTemplater();
    // The spec's example cluster, used in every example request, beside one generated value.
    for (const route of [['databases', '4'], ['databases', '5', 'listPrincipals'], ['start'], ['skus']])
      t.learn('d', ['clusters', 'kustoProd', ...route]);
    t.learn('d', ['clusters', 'kustoProd']);
    for (const route of [['databases', '6'], ['skus']]) t.learn('d', ['clusters', 'mateo-walker', ...route]);
    // camelCase routes sharing sub-routes among themselves, beside a route word, or varying a sibling stay.
    for (const name of ['savedSearches', 'recentItems']) t.learn('d', ['accounts', name, '7']);
    for (const name of ['onlineStores', 'inventory', 'dailyStock']) t.learn('d', ['shops', name, 'items']);
    for (const name of ['overlay', 'compareOverlay']) t.learn('d', ['TravelTimes', name, '3', 'mapcenter']);
    t.finalize();
    const cases: [path: string, template: string][] = [
      ['clusters/kustoProd/databases/4', 'clusters/{param}/databases/{id}'],
      ['clusters/kustoProd', 'clusters/{param}'],
      ['accounts/savedSearches/7', 'accounts/savedSearches/{id}'],
      ['shops/dailyStock/items', 'shops/dailyStock/items'],
      ['TravelTimes/compareOverlay/3/mapcenter', 'TravelTimes/compareOverlay/{id}/mapcenter'],
    ];
    for (const [path, template] of cases) expect(t.template('d', path.split('/')).join('/')).toBe(template);
    expect(t.explain('d', ['clusters', 'kustoProd'])[1]).toMatchObject({ rule: 'shared-structure' });
  });

  it('merges values written in camelCase of no API word, not camelCase route words', () => {
    const t = new PathTemplater();
    // People's names as a project's id, written in camelCase (`borysKubica`), sharing routes.
    for (const name of ['borysKubica', 'walentynaSzymanski', 'oskarNowak'])
      for (const route of [['locations', '3', 'policies'], ['managedZones'], ['policies']])
        t.learn('d', ['dns', 'v2', 'projects', name, ...route]);
    // Company names joined with an `And` (an API word) are mostly not API words.
    for (const name of ['hamalainenHeikkilaAndSaarinen', 'tuominenHirvonenAndSalminen', 'nieminenAaltonen'])
      for (const route of ['writeCodespaces', 'readAllCodespaces'])
        t.learn('d', ['tokens', 'plans', name, route]);
    // camelCase route words under a collection sharing sub-routes stay (`savedSearches/7`).
    for (const name of ['savedSearches', 'recentItems', 'paymentMethods'])
      for (const id of ['7', '8']) t.learn('d', ['accounts', name, id, 'history']);
    t.finalize();
    const cases: [path: string, template: string][] = [
      ['dns/v2/projects/borysKubica/managedZones', 'dns/v2/projects/{param}/managedZones'],
      ['dns/v2/projects/oskarNowak/locations/3/policies', 'dns/v2/projects/{param}/locations/{id}/policies'],
      ['tokens/plans/tuominenHirvonenAndSalminen/writeCodespaces', 'tokens/plans/{param}/writeCodespaces'],
      ['accounts/paymentMethods/7/history', 'accounts/paymentMethods/{id}/history'],
      ['accounts/savedSearches/8/history', 'accounts/savedSearches/{id}/history'],
    ];
    for (const [path, template] of cases) expect(t.template('d', path.split('/')).join('/')).toBe(template);
  });

  it('merges plain lower-case handles of one convention holding the same routes, not API words', () => {
    const t = new PathTemplater();
    // First names as volume names, all written plain (no dash, dot or digit to mark one).
    for (const name of ['marjatta', 'kari', 'hanna', 'antero', 'marika'])
      t.learn('d', ['v3', 'storage', 'fs', name, 'json']);
    // Plain API words holding one route stay: the API's sections.
    for (const name of ['daily', 'weekly', 'monthly', 'yearly', 'hourly'])
      t.learn('d', ['v3', 'stats', 'period', name, 'summary']);
    t.finalize();
    const cases: [path: string, template: string][] = [
      ['v3/storage/fs/kari/json', 'v3/storage/fs/{param}/json'],
      ['v3/stats/period/weekly/summary', 'v3/stats/period/weekly/summary'],
    ];
    for (const [path, template] of cases) expect(t.template('d', path.split('/')).join('/')).toBe(template);
  });

  it('merges numbered handles in one convention, not short codes or API words with numbers', () => {
    const t = new PathTemplater();
    // Names a sign-up form numbered: one convention, but people's, not the API's.
    for (const name of ['zanybrochure95', 'rawbirdbath43', 'phonymeatloaf34'])
      t.learn('d', ['v1', 'file_links', name]);
    // Short codes with numbers, and API words with numbers, are the API's own names.
    for (const name of ['md5', 'sha1', 'ipv4', 'ec2']) t.learn('d', ['v1', 'digests', name]);
    for (const name of ['page1', 'page2', 'page3']) t.learn('d', ['v1', 'guides', name]);
    t.finalize();
    const cases: [path: string, template: string][] = [
      ['v1/file_links/rawbirdbath43', 'v1/file_links/{param}'],
      ['v1/digests/ipv4', 'v1/digests/ipv4'],
      ['v1/guides/page2', 'v1/guides/page2'],
    ];
    for (const [path, template] of cases) expect(t.template('d', path.split('/')).join('/')).toBe(template);
  });

  it("merges a collection's camelCase leaves of no API word, not camelCase route leaves", () => {
    const t = new PathTemplater();
    // People's names as wallet names, written in camelCase.
    for (const name of ['petronioGirardi', 'gaudinoMedeot', 'anaLuizaBarros', 'mariaMartins'])
      t.learn('d', ['v2', 'bitcoin', 'wallets', name]);
    // camelCase route words as a collection's leaves stay.
    for (const name of ['savedSearches', 'recentItems', 'paymentMethods', 'billingInfo'])
      t.learn('d', ['v1', 'accounts', name]);
    t.finalize();
    expect(t.template('d', ['v2', 'bitcoin', 'wallets', 'mariaMartins']).join('/')).toBe(
      'v2/bitcoin/wallets/{param}',
    );
    expect(t.template('d', ['v1', 'accounts', 'billingInfo']).join('/')).toBe('v1/accounts/billingInfo');
  });

  it('takes a camelCase leaf naming its resource beside leaf values, not actions', () => {
    const t = new PathTemplater();
    for (const name of ['south-hooli', 'west_7', 'oak-iron', 'mySchedule'])
      t.learn('d', ['accounts', '5', 'schedules', name]);
    for (const name of ['south-hooli', 'west_7', 'oak-iron', 'checkNameAvailability', 'findByStatus'])
      t.learn('d', ['accounts', '5', 'jobs', name]);
    t.finalize();
    const cases: [path: string, template: string][] = [
      ['accounts/5/schedules/mySchedule', 'accounts/{id}/schedules/{param}'],
      ['accounts/5/jobs/checkNameAvailability', 'accounts/{id}/jobs/checkNameAvailability'],
      ['accounts/5/jobs/findByStatus', 'accounts/{id}/jobs/findByStatus'],
    ];
    for (const [path, template] of cases) expect(t.template('d', path.split('/')).join('/')).toBe(template);
  });

  it('takes a sample name beside the values it stands for, not actions or lookups', () => {
    const t = new PathTemplater();
    const learn = (method: string, ...segs: string[]) => {
      t.learn('d', segs);
      t.noteMethod('d', segs, method);
    };
    const values = [
      'south-hooli',
      'west_7',
      'oak-iron',
      'jane-doe',
      'east_12',
      'pine-7',
      'red_oak',
      'blue-fir',
    ];
    for (const method of ['GET', 'PUT', 'DELETE'])
      for (const name of values) {
        learn(method, 'accounts', '5', 'certificates', name);
        learn(method, 'accounts', '5', 'packages', name);
        learn(method, 'accounts', '5', 'policies', name);
        learn(method, 'accounts', '5', 'connections', name);
        learn(method, 'accounts', '5', 'users', name);
        learn(method, 'accounts', '5', 'snapshots', name);
        for (const collection of [
          'certificates',
          'packages',
          'policies',
          'connections',
          'users',
          'snapshots',
        ])
          learn(method, 'accounts', '5', collection, name, 'roles');
      }
    learn('PUT', 'accounts', '5', 'certificates', 'testCert');
    learn('DELETE', 'accounts', '5', 'certificates', 'testCert');
    learn('GET', 'accounts', '5', 'packages', 'test_package_name');
    learn('GET', 'accounts', '5', 'policies', 'PolicyWithMultipleOptions');
    learn('POST', 'accounts', '5', 'connections', 'testConnection');
    learn('POST', 'accounts', '5', 'connections', 'checkNameAvailability');
    learn('POST', 'accounts', '5', 'users', 'resetPassword');
    learn('GET', 'accounts', '5', 'snapshots', 'liveSnapshotId');
    t.finalize();
    const cases: [path: string, template: string][] = [
      ['accounts/5/certificates/testCert', 'accounts/{id}/certificates/{param}'],
      ['accounts/5/packages/test_package_name', 'accounts/{id}/packages/{param}'],
      ['accounts/5/policies/PolicyWithMultipleOptions', 'accounts/{id}/policies/{param}'],
      ['accounts/5/connections/testConnection', 'accounts/{id}/connections/testConnection'],
      ['accounts/5/connections/checkNameAvailability', 'accounts/{id}/connections/checkNameAvailability'],
      ['accounts/5/users/resetPassword', 'accounts/{id}/users/resetPassword'],
      ['accounts/5/snapshots/liveSnapshotId', 'accounts/{id}/snapshots/liveSnapshotId'],
    ];
    for (const [path, template] of cases) expect(t.template('d', path.split('/')).join('/')).toBe(template);
  });

  it('takes an example value beside several kinds of ids into the kind holding most routes', () => {
    const t = new PathTemplater();
    for (const sub of ['12345', '67890'])
      for (const r of ['groups', 'locks', 'tags']) t.learn('d', ['subscriptions', sub, r]);
    t.learn('d', ['subscriptions', 'eyJhbGciOiJIUzI1NiJ9abcDEF123', 'groups']);
    t.learn('d', ['subscriptions', 'subid', 'locks']);
    t.learn('d', ['subscriptions', 'subid', 'tags']);
    t.learn('d', ['subscriptions', 'me', 'locks']);
    t.finalize();
    expect(t.template('d', ['subscriptions', 'subid', 'locks'])).toEqual(['subscriptions', '{id}', 'locks']);
    expect(t.template('d', ['subscriptions', 'me', 'locks'])).toEqual(['subscriptions', 'me', 'locks']);
  });

  it("takes a name of API words holding several of the typed ids' routes, not aliases", () => {
    const t = new PathTemplater();
    for (const id of ['12345', '67890'])
      for (const r of [['scaleUnitNodes'], ['scaleUnitNodes', '4'], ['ipPools']])
        t.learn('d', ['fabricLocations', id, ...r]);
    // The spec's example location, holding only the ids' routes, two or more of them.
    t.learn('d', ['fabricLocations', 'local', 'scaleUnitNodes']);
    t.learn('d', ['fabricLocations', 'local', 'scaleUnitNodes', '7']);
    // An alias an API serves beside its ids, and a name holding one route, stay.
    t.learn('d', ['fabricLocations', 'default', 'scaleUnitNodes']);
    t.learn('d', ['fabricLocations', 'default', 'ipPools']);
    for (const id of ['12345', '67890'])
      for (const r of ['posts', 'members']) t.learn('d', ['groups', id, r]);
    t.learn('d', ['groups', 'popular', 'posts']);
    t.finalize();
    const cases: [path: string, template: string][] = [
      ['fabricLocations/local/scaleUnitNodes/7', 'fabricLocations/{id}/scaleUnitNodes/{id}'],
      ['fabricLocations/default/ipPools', 'fabricLocations/default/ipPools'],
      ['groups/popular/posts', 'groups/popular/posts'],
    ];
    for (const [path, template] of cases) expect(t.template('d', path.split('/')).join('/')).toBe(template);
    expect(t.explain('d', ['fabricLocations', 'local'])[1]).toMatchObject({ rule: 'inside-parameter' });
  });

  it('keeps API-word leaves beside a parameter with sub-routes, and sub-routes it lacks', () => {
    const t = new PathTemplater();
    for (const id of ['5', '9']) t.learn('d', ['boards', id, 'cards']);
    t.learn('d', ['boards', 'zorb_lax']);
    t.learn('d', ['boards', 'archive']);
    t.learn('d', ['boards', 'quuxly', 'secrets']);
    t.finalize();
    expect(t.template('d', ['boards', 'zorb_lax'])).toEqual(['boards', '{id}']);
    expect(t.template('d', ['boards', 'archive'])).toEqual(['boards', 'archive']);
    expect(t.template('d', ['boards', 'quuxly', 'secrets'])).toEqual(['boards', 'quuxly', 'secrets']);
  });

  it('keeps a leaf named in API words beside values holding routes, not among leaf values', () => {
    const t = new PathTemplater();
    for (const secret of ['cyberdyne-stark', 'pied_iron', 'soylent']) {
      t.learn('d', ['secrets', secret]);
      t.learn('d', ['secrets', secret, 'repositories', '7']);
    }
    t.learn('d', ['secrets', 'public-key']);
    // Where every value is a leaf, a name in API words is one more (a spec's example).
    for (const plan of ['test-plan', 'blue-oak', 'red_stark', 'gold7']) t.learn('d', ['plans', plan]);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/secrets/public-key')).toBe('secrets/public-key');
    expect(at('/secrets/soylent/repositories/7')).toBe('secrets/{param}/repositories/{id}');
    expect(at('/plans/test-plan')).toBe('plans/{param}');
  });

  it('keeps a lone one-word leaf beside typed ids with sub-routes, not one among marked values', () => {
    const t = new PathTemplater();
    for (const gist of ['a2920fc9c020ef70141386debb73c338', 'bca7df0991938ee0fe6f77fd3d61242c'])
      for (const route of ['comments', 'forks']) t.learn('d', ['gists', gist, route]);
    t.learn('d', ['gists', 'starred']);
    // Beside values marked as data, a plain word is one more value.
    for (const id of ['5', '9']) t.learn('d', ['channel', id, 'members']);
    for (const channel of ['stark-iron', 'north']) t.learn('d', ['channel', channel]);
    // Right after a version, names beside a parameter are values.
    for (const id of ['5', '9']) t.learn('d', ['v3', id, 'tags']);
    t.learn('d', ['v3', 'green']);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/gists/starred')).toBe('gists/starred');
    expect(at('/gists/bca7df0991938ee0fe6f77fd3d61242c/forks')).toBe('gists/{hash}/forks');
    expect(at('/channel/north')).toBe('channel/{id}');
    expect(at('/v3/green')).toBe('v3/{id}');
  });

  it('takes a busy value holding many of the routes of the parameter beside it, not sub-resources', () => {
    const t = new PathTemplater();
    const routes = ['sites', 'skus', 'metrics', 'capabilities', 'usages', 'workers'];
    for (const farm of ['7', '12', '31'])
      for (const route of routes) t.learn('d', ['serverfarms', farm, route]);
    // A popular value, of API words, seen with most of the routes and one of its own.
    for (const route of [...routes.slice(0, 5), 'metricdefinitions'])
      t.learn('d', ['serverfarms', 'marketing', route]);
    // A sub-resource holds routes of its own; collections of one shape beside ids are many.
    for (const route of ['recent', 'export']) t.learn('d', ['serverfarms', 'history', route]);
    for (const id of ['4', '8'])
      for (const route of ['count', 'bulk', 'fields', 'search', 'describe'])
        t.learn('d', ['entity', id, route]);
    for (const entity of ['contact', 'invoice', 'account'])
      for (const route of ['count', 'bulk', 'fields', 'search', 'describe'])
        t.learn('d', ['entity', entity, route]);
    t.finalize();
    const farm = t.template('d', ['serverfarms', '7', 'skus']);
    expect(farm[1]).toMatch(/^\{/);
    expect(t.template('d', ['serverfarms', 'marketing', 'skus'])).toEqual(farm);
    expect(t.template('d', ['serverfarms', 'history', 'recent'])).toEqual([
      'serverfarms',
      'history',
      'recent',
    ]);
    expect(t.template('d', ['entity', 'invoice', 'count'])).toEqual(['entity', 'invoice', 'count']);
  });

  it('takes a busy value through a sub-route it shares alone with the parameter, in every copy', () => {
    const t = new PathTemplater();
    const actions = ['GetHealth', 'ReportHealth', 'Upgrade', 'Delete', 'GetLoadInformation', 'EnableBackup'];
    const hashes = ['1ce0ad2bb3e62115159598f31135bbb389ec948c', '608a5d1f562acc17e5f5f450195c3e0ac8ecb925'];
    for (const [domain, parent] of [
      ['d', ['Applications']],
      ['e', ['Nodes', 'stark', '$', 'GetApplications']],
    ] as const) {
      for (const id of hashes) for (const action of actions) t.learn(domain, [...parent, id, '$', action]);
      // The spec's example value, in every example request: all the routes and a few of its own.
      for (const action of [...actions, 'SuspendBackup']) t.learn(domain, [...parent, 'test', '$', action]);
    }
    // Below other nodes the example value alone was seen.
    for (const node of ['node1', 'aperture900', 'vandelay-piper'])
      for (const action of actions)
        t.learn('e', ['Nodes', node, '$', 'GetApplications', 'test', '$', action]);
    // A sub-resource holding routes of its own below the shared route stays.
    for (const route of ['recent', 'export']) t.learn('d', ['Applications', 'history', '$', route]);
    t.finalize();
    const value = t.template('d', ['Applications', hashes[0] as string, '$', 'Upgrade']);
    expect(value[1]).toMatch(/^\{/);
    expect(t.template('d', ['Applications', 'test', '$', 'Upgrade'])).toEqual(value);
    expect(t.template('e', ['Nodes', 'node1', '$', 'GetApplications', 'test', '$', 'GetHealth'])[4]).toMatch(
      /^\{/,
    );
    expect(t.template('d', ['Applications', 'history', '$', 'recent'])).toEqual([
      'Applications',
      'history',
      '$',
      'recent',
    ]);
  });

  it('takes a value that ends paths beside a leaf parameter, with the sub-routes seen only below it', () => {
    const t = new PathTemplater();
    for (const user of ['judy.lee', 'rupert_king', 'liam41']) t.learn('d', ['admin', 'users', user]);
    // One value also carries a rarer sub-route (`DELETE /admin/users/{username}/authorizations`).
    t.learn('d', ['admin', 'users', 'alice.garcia']);
    t.learn('d', ['admin', 'users', 'alice.garcia', 'authorizations']);
    // API words, and names that never end a path, stay.
    t.learn('d', ['admin', 'users', 'search']);
    t.learn('d', ['admin', 'users', 'search', 'export']);
    t.learn('d', ['admin', 'users', 'quuxly', 'secrets']);
    t.finalize();
    expect(t.template('d', ['admin', 'users', 'alice.garcia'])).toEqual(['admin', 'users', '{param}']);
    expect(t.template('d', ['admin', 'users', 'alice.garcia', 'authorizations'])).toEqual([
      'admin',
      'users',
      '{param}',
      'authorizations',
    ]);
    expect(t.template('d', ['admin', 'users', 'search', 'export'])).toEqual([
      'admin',
      'users',
      'search',
      'export',
    ]);
    expect(t.template('d', ['admin', 'users', 'quuxly', 'secrets'])).toEqual([
      'admin',
      'users',
      'quuxly',
      'secrets',
    ]);
  });

  it('takes a literal holding the sub-routes of a typed id beside a leaf parameter into the id', () => {
    const t = new PathTemplater();
    for (const id of ['5', '9']) t.learn('d', ['secrets', id, 'repositories']);
    for (const name of ['prod_key', 'staging-token', 'deploy7']) t.learn('d', ['secrets', name]);
    t.learn('d', ['secrets', 'globex_umbrella', 'repositories']);
    t.learn('d', ['secrets', 'quuxly', 'settings']);
    t.finalize();
    const paths = [
      ['globex_umbrella', 'repositories'],
      ['quuxly', 'settings'],
    ].map((rest) => t.template('d', ['secrets', ...rest]).join('/'));
    expect(paths).toEqual(['secrets/{id}/repositories', 'secrets/quuxly/settings']);
  });

  it('says why a position became a parameter, on the endpoint', () => {
    const inv = new Inventory({ detectPii: false });
    for (const owner of ['alice', 'bob', 'carol']) inv.addObservation(obs(`/repos/${owner}/issues`));
    const names = Array.from({ length: 25 }, (_, i) => `k${i}z`);
    for (const n of names) inv.addObservation(obs(`/accounts/${n}`));
    const byPath = new Map(inv.endpoints().map((e) => [e.normalizedPath, e.merges]));
    expect(byPath.get('/repos/{repoId}/issues')).toEqual([
      {
        parameter: '{repoId}',
        rule: 'shared-structure',
        values: ['alice', 'bob', 'carol'],
        distinct: 3,
        shared: 'issues',
      },
    ]);
    expect(byPath.get('/accounts/{accountId}')).toMatchObject([
      { parameter: '{accountId}', rule: 'cardinality', distinct: 20, values: names.slice(0, 5) },
    ]);
  });

  it('keeps dotted operation names literal, not host names', () => {
    const t = new PathTemplater();
    const methods = Array.from(
      { length: 45 },
      (_, i) => `chat.post${String.fromCharCode(65 + (i % 26))}x${i}`,
    );
    for (const m of methods) t.learn('d', ['api', m]);
    for (let i = 0; i < 45; i++) t.learn('d', ['domains', `shop${i}.example.com`]);
    t.finalize();
    expect(t.template('d', ['api', 'chat.postAx0'])).toEqual(['api', 'chat.postAx0']);
    expect(t.template('d', ['domains', 'shop1.example.com'])[1]).toMatch(/^\{/);
  });

  it('keeps PascalCase operation names of API words literal, not random letter ids', () => {
    const t = new PathTemplater();
    const verbs = ['Convert', 'Calculate', 'Generate', 'Get', 'Create', 'Update', 'Delete'];
    const nouns = ['Energy', 'Power', 'Code', 'Status', 'Account', 'Report', 'Address'];
    const actions = verbs.flatMap((v) => nouns.map((n) => `${v}${n}`));
    for (const a of [...actions, 'URLEncode', 'GenerateQRCode']) t.learn('d', ['api', 'utilities', a]);
    const ids = ['RyZTMJllhGtbFUYzZYq', 'DcWEhKHbEDv', 'MzqtxERGo', 'AEYklwB3ypuRE', 'QwZxvBnKlp'];
    for (let i = 0; i < 30; i++) t.learn('d', ['accounts', `${ids[i % 5]}${'Xq'.repeat(i % 7)}`, 'calls']);
    t.finalize();
    for (const a of ['ConvertEnergy', 'URLEncode', 'GenerateQRCode'])
      expect(t.template('d', ['api', 'utilities', a])).toEqual(['api', 'utilities', a]);
    // Generated letters are ids at once (classifySegment), whatever their siblings.
    expect(t.template('d', ['accounts', 'RyZTMJllhGtbFUYzZYq', 'calls'])[1]).toMatch(/^\{(param|id)\}$/);
  });

  it('keeps sub-resources with their own ids beside a collection of typed ids', () => {
    const t = new PathTemplater();
    for (let i = 1; i <= 5; i++) {
      t.learn('d', ['documents', String(i)]);
      t.learn('d', ['documents', 'pageformat', String(100 + i)]);
      t.learn('d', ['documents', 'documenttype', String(200 + i)]);
      t.learn('d', ['restaurants', String(i)]);
      for (const tenant of ['carol-smith', 'vandelay', 'south_tyrell'])
        t.learn('d', ['restaurants', tenant, String(300 + i), 'menu']);
    }
    t.finalize();
    expect(t.template('d', ['documents', 'documenttype', '7'])).toEqual([
      'documents',
      'documenttype',
      '{id}',
    ]);
    expect(t.template('d', ['documents', 'childObjects', '7'])).toEqual([
      'documents',
      'childObjects',
      '{id}',
    ]);
    expect(t.template('d', ['restaurants', 'vandelay', '7', 'menu'])).toEqual([
      'restaurants',
      '{param}',
      '{id}',
      'menu',
    ]);
  });

  it('keeps names of API words joined by a separator literal beside a shared id, not marked values', () => {
    const t = new PathTemplater();
    // fec.gov: `/v1/schedules/schedule_a/{id}`, `…/schedule_b/{id}`: the API's names, one convention.
    for (let i = 1; i <= 5; i++) {
      for (const kind of ['schedule_a', 'schedule_b', 'schedule_e'])
        t.learn('d', ['v1', 'schedules', kind, String(i)]);
      t.learn('d', ['v1', 'file_actions', 'begin_upload', String(10 + i)]);
      t.learn('d', ['v1', 'file_actions', 'move', String(20 + i)]);
      // Values typed by many hands: names of no API word joined by a separator.
      for (const owner of ['carol-smith', 'vandelay', 'south_tyrell'])
        t.learn('d', ['v1', 'owners', owner, String(30 + i)]);
    }
    t.finalize();
    const at = (path: string) => t.template('d', path.split('/')).join('/');
    expect(at('v1/schedules/schedule_b/7')).toBe('v1/schedules/schedule_b/{id}');
    expect(at('v1/file_actions/begin_upload/7')).toBe('v1/file_actions/begin_upload/{id}');
    expect(at('v1/owners/south_tyrell/7')).toBe('v1/owners/{param}/{id}');
  });

  it('keeps a plain word leaf below a parameter beside a typed leaf literal, not an example value', () => {
    const t = new PathTemplater();
    const hex = (i: number) => `a${String(i).padStart(3, '0')}`.repeat(6);
    for (let i = 1; i <= 6; i++) {
      // a code host: `/gists/{gist_id}/star` beside `/gists/{gist_id}/{sha}`: the gist's action.
      t.learn('d', ['gists', hex(i), 'star']);
      t.learn('d', ['gists', hex(i), hex(i + 7)]);
      // Values among a collection's typed keys: `/keys/north` beside `/keys/{hash}`.
      t.learn('d', ['servers', String(i), 'keys', hex(i + 3)]);
    }
    for (const example of ['north', 'oscorp']) t.learn('d', ['servers', '3', 'keys', example]);
    t.finalize();
    const at = (path: string) => t.template('d', path.split('/')).join('/');
    expect(at(`gists/${hex(2)}/star`)).toMatch(/^gists\/\{\w+\}\/star$/);
    expect(at('servers/4/keys/north')).toMatch(/^servers\/\{id\}\/keys\/\{\w+\}$/);
  });

  it('keeps sections named in API words sharing a literal route literal, not values', () => {
    const t = new PathTemplater();
    // trakt.tv: `/calendars/all/movies`, `/calendars/my/movies`: the API's sections.
    for (const section of ['all', 'my'])
      for (const route of ['movies', 'shows', 'premieres']) t.learn('d', ['calendars', section, route]);
    for (const kind of ['tracker-cloud', 'tracker-server']) t.learn('d', ['integrations', kind, 'projects']);
    // Owners typed by many hands share routes the same way.
    for (const owner of ['hooli', 'carol', 'wonka'])
      for (const route of ['issues', 'pulls']) t.learn('d', ['repos', owner, route]);
    t.finalize();
    const at = (path: string) => t.template('d', path.split('/')).join('/');
    expect(at('calendars/my/shows')).toBe('calendars/my/shows');
    expect(at('integrations/tracker-cloud/projects')).toBe('integrations/tracker-cloud/projects');
    expect(at('repos/carol/pulls')).toBe('repos/{param}/pulls');
  });

  it('keeps sections of API words beside typed ids literal when the ids lack their route', () => {
    const t = new PathTemplater();
    // trakt.tv: `/movies/watched/{period}` … beside `/movies/{id}/people`.
    for (let i = 1; i <= 6; i++) t.learn('d', ['movies', String(i), i % 2 ? 'people' : 'ratings']);
    for (const section of ['watched', 'recommended', 'collected'])
      for (const period of ['weekly', 'monthly']) t.learn('d', ['movies', section, period]);
    // Owners beside typed ids: not API words, they stay values.
    for (let i = 1; i <= 6; i++) t.learn('d', ['users', String(i), 'posts']);
    for (const owner of ['hooli', 'carol', 'wonka']) t.learn('d', ['users', owner, 'repos']);
    t.finalize();
    const at = (path: string) => t.template('d', path.split('/')).join('/');
    expect(at('movies/collected/weekly')).toBe('movies/collected/weekly');
    expect(at('users/carol/repos')).toBe('users/{param}/repos');
  });

  it('keeps kinds holding a collection the parent also lists literal, not marked names', () => {
    const t = new PathTemplater();
    // `/databases/instances` lists every instance; each engine lists its own below it.
    t.learn('d', ['databases', 'instances']);
    t.learn('d', ['databases', 'engines']);
    for (let i = 1; i <= 3; i++)
      for (const engine of ['mysql', 'postgresql', 'mongodb']) {
        t.learn('d', ['databases', engine, 'instances']);
        t.learn('d', ['databases', engine, 'instances', String(i), 'backups']);
      }
    // The same shape with names written by many hands: values.
    t.learn('d', ['products', 'reviews']);
    for (const product of ['tyrell_tyrell', 'marketing', 'oak-blue'])
      t.learn('d', ['products', product, 'reviews']);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/databases/mysql/instances/7/backups')).toBe('databases/mysql/instances/{id}/backups');
    expect(at('/databases/mongodb/instances')).toBe('databases/mongodb/instances');
    expect(at('/products/marketing/reviews')).toBe('products/{param}/reviews');
  });

  it('keeps named sub-resources with their own ids literal, not owners before an id', () => {
    const t = new PathTemplater();
    for (let i = 1; i <= 4; i++) {
      for (const job of ['Batch', 'Dps', 'ThirdParty', 'PayRuns'])
        t.learn('d', ['Jobs', job, String(i), 'Status']);
      for (const box of ['inbound', 'outbound']) t.learn('d', ['messages', box, String(i), 'details']);
      for (const owner of ['ivan', 'mallorywright', 'mia'])
        t.learn('d', ['projects', owner, String(i), 'members']);
    }
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/Jobs/Dps/7/Status')).toBe('Jobs/Dps/{id}/Status');
    expect(at('/messages/inbound/7/details')).toBe('messages/inbound/{id}/details');
    expect(at('/projects/mia/7/members')).toBe('projects/{param}/{id}/members');
  });

  it('reads a value that merely ends in s as a value, not as a collection of its routes', () => {
    // `wyns` (a repository) beside `hattem`, `muiswijk`: read as a plural, its `code-scanning` and
    // `secret-scanning` (sharing `alerts`) merged into a parameter, for every repository after.
    const t = new PathTemplater();
    const routes = ['branches', 'pulls', 'issues', 'tags', 'code-scanning/alerts', 'secret-scanning/alerts'];
    for (const owner of ['1001', '1002'])
      for (const repo of ['hattem', 'muiswijk', 'wyns'])
        for (const route of routes) t.learn('d', ['repos', owner, repo, ...route.split('/')]);
    // A collection's values below a name that ends in s stay its values (`rubygems`: a package type).
    for (const type of ['rubygems', 'nuget', 'maven'])
      for (const name of ['prod-sales', 'marketing_green', 'acme-7', 'blue_oak'])
        for (const sub of ['versions', 'restore']) t.learn('d', ['user', 'packages', type, name, sub]);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/repos/1001/wyns/code-scanning/alerts')).toBe('repos/{id}/{param}/code-scanning/alerts');
    expect(at('/repos/1002/hattem/secret-scanning/alerts')).toBe('repos/{id}/{param}/secret-scanning/alerts');
    expect(at('/user/packages/rubygems/prod-sales/versions')).toBe('user/packages/{param}/{param}/versions');
  });

  it('takes several names of no API word holding only the routes of a typed parameter as its values', () => {
    const t = new PathTemplater();
    const ids = ['019FZPTFPJPN6YZPM3M4931909', '01BTPFGFP1HHDWA4FK5QYX80NZ', '01DEE8QTGF2JV7P6TWN2CP9JYT'];
    for (const domain of ['d', 'e'])
      for (const id of ids)
        for (const route of ['notes', 'occurrences']) t.learn(domain, ['v1beta1', id, route]);
    for (const name of ['erfahrenGebaude', 'hochanstandigAluminium', 'unbeeinflussbarMonarchie']) {
      t.learn('d', ['v1beta1', name]);
      t.learn('d', ['v1beta1', name, 'notes']);
    }
    // Names in API words holding the same routes are the API's own (views of its notes): they stay.
    for (const name of ['sharedNotes', 'recentOccurrences', 'pinnedNotes']) {
      t.learn('e', ['v1beta1', name]);
      t.learn('e', ['v1beta1', name, 'notes']);
    }
    t.finalize();
    expect(t.template('d', splitPath('/v1beta1/hochanstandigAluminium/notes')).join('/')).toMatch(
      /^v1beta1\/\{[a-zA-Z]+\}\/notes$/,
    );
    expect(t.template('e', splitPath('/v1beta1/pinnedNotes/notes')).join('/')).toBe(
      'v1beta1/pinnedNotes/notes',
    );
    expect(t.explain('d', ['v1beta1', 'erfahrenGebaude', 'notes'])[1]).toMatchObject({
      rule: 'contained-names',
      distinct: 3,
    });
  });

  it('takes a lone name as a value where a namesake position holds a parameter with its routes', () => {
    const t = new PathTemplater();
    for (const set of ['1001', '1002', '1003'])
      for (const route of ['terms', 'children', 'relations']) t.learn('d', ['termStore', 'sets', set, route]);
    // One set seen below its parent group, beside the collection's own `$count`.
    for (const route of ['terms', 'children']) t.learn('d', ['parentGroup', 'sets', 'gijon', route]);
    t.learn('d', ['parentGroup', 'sets', '$count']);
    // An alias in API words stays, and so does a collection below a version.
    for (const route of ['terms', 'children']) t.learn('d', ['store', 'sets', 'default', route]);
    for (const id of ['1001', '1002'])
      for (const route of ['batch', 'status']) t.learn('e', ['v2', id, route]);
    for (const route of ['batch', 'status']) t.learn('e', ['metadata', 'v2', 'geofences', route]);
    t.finalize();
    const at = (domain: string, path: string) => t.template(domain, splitPath(path)).join('/');
    expect(at('d', '/parentGroup/sets/gijon/terms')).toBe('parentGroup/sets/{param}/terms');
    expect(at('d', '/parentGroup/sets/$count')).toBe('parentGroup/sets/$count');
    expect(at('d', '/store/sets/default/terms')).toBe('store/sets/default/terms');
    expect(at('e', '/metadata/v2/geofences/batch')).toBe('metadata/v2/geofences/batch');
    expect(t.explain('d', ['parentGroup', 'sets', 'gijon', 'terms'])[2]).toMatchObject({
      rule: 'known-value',
    });
  });

  it('reads reserved words for what users create as collections of their values', () => {
    const hooks = ['tampere6', 'vantaa23', 'jyvaskyla79', 'vaasa46', 'raisio26', 'espoo73'];
    const inv = learned([
      ...hooks.flatMap((h) => [`/1/webhooks/${h}/active`, `/1/webhooks/${h}/callbackURL`]),
      '/1/webhooks',
      '/data/v1/metrics/comparison',
      '/data/v1/metrics/breakdown',
    ]);
    expect(templatesOf(inv)).toEqual([
      '/1/webhooks',
      '/1/webhooks/{webhookId}/active',
      '/1/webhooks/{webhookId}/callbackURL',
      '/data/v1/metrics/breakdown',
      '/data/v1/metrics/comparison',
    ]);
  });

  it('leaves sibling collections alone when a few values merge by structure', () => {
    const t = new PathTemplater();
    for (let i = 1; i <= 3; i++) {
      for (const kind of ['vms', 'layer2-networks']) t.learn('d', ['entities', kind, String(i)]);
      for (const kind of ['hosts', 'ip-sets', 'clusters']) {
        t.learn('d', ['entities', kind]);
        t.learn('d', ['entities', kind, String(i)]);
      }
      // A value that is a plural word too, holding the others' routes.
      for (const hub of ['acme-prod', 'oak7', 'sales']) t.learn('d', ['hubs', hub, 'rules']);
    }
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/entities/vms/7')).toBe('entities/{param}/{id}');
    expect(at('/entities/hosts/7')).toBe('entities/hosts/{id}');
    expect(at('/entities/ip-sets')).toBe('entities/ip-sets');
    expect(at('/hubs/sales/rules')).toBe('hubs/{param}/rules');
  });

  it('keeps a family of action names literal, not usernames that share a surname', () => {
    const t = new PathTemplater();
    const actions = [
      ...['type', 'algorithm', 'protection', 'dns_ptr', 'alias_ips'].map((a) => `change_${a}`),
      ...['reboot', 'reset', 'shutdown', 'poweron', 'poweroff', 'rebuild', 'rescue', 'resize'],
      ...['attach_iso', 'detach_iso', 'enable_backup', 'disable_backup', 'create_image', 'migrate', 'clone'],
    ];
    for (const a of actions) t.learn('d', ['servers', '42', 'actions', a]);
    const users = FIRST.map((f, i) => `${f}${LAST[(i * 7) % LAST.length]}`);
    for (const u of users) t.learn('d', ['members', u]);
    t.finalize();
    expect(actions.length).toBeGreaterThanOrEqual(20);
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/servers/7/actions/change_type')).toBe('servers/{id}/actions/change_type');
    expect(at('/members/alicesmith')).toBe('members/{param}');
  });

  it('keeps a family literal when one member of it is no word after the prefix', () => {
    const t = new PathTemplater();
    // Geodesy's entry types: a `type_…` family of eleven, one of them `type_mb` (a short code),
    // among 35 other names; sorted, `type_mb` sits inside the family.
    const family = [
      ...['type_daymet', 'type_document_csv', 'type_document_html', 'type_gtfs_route', 'type_gtfs_stop'],
      ...[
        'type_mb',
        'type_point_hydro',
        'type_point_noaa',
        'type_point_simple',
        'type_tmy',
        'type_usgs_gauge',
      ],
    ];
    const words = ['boulder', 'trip', 'media', 'notes', 'lidar', 'gadgets', 'project'];
    const kinds = ['crimes', 'flight', 'imageloop', 'casestudy', 'survey'];
    const others = words.flatMap((w) => kinds.map((k) => `${w}${k}`));
    // Met in traffic's order, the family spread among the others (a merge by count is weighed
    // every few new names, from the 40th).
    const order = others.flatMap((o, i) => (i % 3 === 0 && family[i / 3] ? [family[i / 3]!, o] : [o]));
    expect(order).toHaveLength(46);
    for (const name of order) t.learn('d', ['repository', 'search', 'type', name]);
    t.finalize();
    expect(others).toHaveLength(35);
    const at = (name: string) => t.template('d', ['repository', 'search', 'type', name]).join('/');
    expect(at('type_daymet')).toBe('repository/search/type/type_daymet');
    expect(at('lidarsurvey')).toBe('repository/search/type/lidarsurvey');
  });

  it('keeps many actions joined from API words literal, not joined names of other words', () => {
    const t = new PathTemplater();
    // In the order traffic met them: families of affixes (`change_`, `enable_`) come late.
    const actions = [
      ...['change_type', 'attach_to_network', 'change_protection', 'change_dns_ptr', 'reboot'],
      ...['reset', 'attach_iso', 'remove_from_placement_group', 'enable_rescue', 'disable_backup'],
      ...['poweroff', 'shutdown', 'request_console', 'add_to_placement_group', 'poweron'],
      ...['detach_from_network', 'rebuild', 'disable_rescue', 'detach_iso', 'create_image'],
      ...['change_alias_ips', 'reset_password', 'enable_backup'],
    ];
    for (const server of ['42', '7', '1009'])
      for (const a of actions) t.learn('d', ['servers', server, 'actions', a]);
    const adjectives = ['heavy', 'caring', 'lumpy', 'gifted', 'fuzzy', 'sleek', 'rustic', 'tiny'];
    const nouns = ['typewriter', 'deed', 'translation', 'exhaust', 'gazebo', 'walrus', 'teapot'];
    const stores = adjectives.flatMap((a) => nouns.slice(0, 3).map((n) => `${a}_${n}`));
    for (const s of stores) t.learn('d', ['datastores', s]);
    t.finalize();
    expect(actions.length).toBeGreaterThanOrEqual(20);
    expect(stores.length).toBeGreaterThanOrEqual(20);
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/servers/7/actions/attach_to_network')).toBe('servers/{id}/actions/attach_to_network');
    expect(at('/servers/7/actions/reboot')).toBe('servers/{id}/actions/reboot');
    expect(at('/datastores/heavy_deed')).toBe('datastores/{param}');
  });

  it('keeps sub-collections of mostly API words sharing only an id literal, not owners', () => {
    const t = new PathTemplater();
    // Thin traffic below a repository: each sub-collection holds one commit id, and two of its
    // five names (`diffstat`, `filehistory`) are not API words.
    const shas = ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b', '2c26b46b68ffc68ff99b453c1d30413413422d70'];
    for (const [ws, repo] of [
      ['acme', 'web-app'],
      ['globex', 'billing-api'],
      ['initech', 'web-app'],
      ['acme', 'billing-api'],
      ['hooli', 'tps-reports'],
      ['globex', 'tps-reports'],
    ])
      for (const [i, sub] of ['commit', 'patch', 'diffstat', 'filehistory', 'merge-base'].entries())
        t.learn('d', ['repositories', ws as string, repo as string, sub, shas[i % 2] as string]);
    // Owners sharing only an id below a collection, most of them no API word, are its values.
    for (const [i, owner] of ['ivan', 'keiko', 'oluwaseun', 'ragnhild', 'project'].entries())
      t.learn('d', ['projects', owner, String(1000 + i)]);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at(`/repositories/globex/billing-api/diffstat/${shas[0]}`)).toBe(
      'repositories/{param}/{param}/diffstat/{hash}',
    );
    expect(at(`/repositories/hooli/tps-reports/commit/${shas[1]}`)).toBe(
      'repositories/{param}/{param}/commit/{hash}',
    );
    expect(at('/projects/keiko/1001')).toBe('projects/{param}/{id}');
  });

  it('keeps dotted API groups literal, not tokens, and takes an example host as a value', () => {
    const t = new PathTemplater();
    for (const [group, route] of [
      ['flowcontrol.apiserver.cluster.io', 'flowschemas'],
      ['networking.cluster.io', 'ingresses'],
      ['rbac.authorization.cluster.io', 'roles'],
    ])
      t.learn('d', ['apis', group as string, 'v1', route as string]);
    for (const host of ['shop.example.com', 'mail.acme-corp.net', 'kube.wayne.io', 'blog.hooli.org'])
      for (const route of ['records', 'zones']) t.learn('d', ['domains', host, route]);
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/apis/flowcontrol.apiserver.cluster.io/v1/flowschemas')).toBe(
      'apis/flowcontrol.apiserver.cluster.io/v1/flowschemas',
    );
    expect(at('/apis/networking.cluster.io/v1/ingresses')).toBe('apis/networking.cluster.io/v1/ingresses');
    expect(at('/domains/blog.hooli.org/zones')).toBe('domains/{param}/zones');
  });

  it('keeps a family of API groups beside a parameter literal, not names of no family', () => {
    const t = new PathTemplater();
    const groups = [
      ['node', 'runtimeclasses'],
      ['policy', 'podsecuritypolicies'],
      ['storage', 'storageclasses'],
      ['events', 'events'],
    ];
    for (const [group, route] of groups) {
      t.learn('d', ['cluster', '4711', route as string]);
      t.learn('d', ['cluster', `${group}.cluster.io`, route as string]);
    }
    for (const [team, route] of [
      ['noah-jones', 'members'],
      ['wonka', 'repos'],
      ['oak', 'labels'],
    ]) {
      t.learn('d', ['team', '4711', route as string]);
      t.learn('d', ['team', team as string, route as string]);
    }
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/cluster/storage.cluster.io/storageclasses')).toBe(
      'cluster/storage.cluster.io/storageclasses',
    );
    expect(at('/team/wonka/repos')).toBe('team/{id}/repos');
  });

  it('keeps a set of two-word dotted operation names literal, not usernames', () => {
    const t = new PathTemplater();
    const nouns = ['conversations', 'reactions', 'users', 'files', 'pins', 'reminders', 'bots'];
    const verbs = ['list', 'create', 'info', 'delete', 'update'];
    for (const n of nouns) for (const v of verbs) t.learn('d', ['api', `${n}.${v}`]);
    const first = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
    const last = ['smith', 'jones', 'garcia', 'moore', 'lewis'];
    for (const f of first) for (const l of last) t.learn('d', ['people', `${f}.${l}`, 'posts']);
    t.finalize();
    for (const op of ['conversations.create', 'bots.info', 'reactions.list'])
      expect(t.template('d', ['api', op])).toEqual(['api', op]);
    expect(t.template('d', ['people', 'alice.smith', 'posts'])).toEqual(['people', '{param}', 'posts']);
  });

  it('does not merge plural sub-collections by count under a collection', () => {
    const t = new PathTemplater();
    const subs = ['benefits', 'funds', 'cars', 'declarations', 'wages', 'leaves', 'notes', 'costs'];
    const more = ['grants', 'loans', 'shifts', 'bonuses', 'deductions', 'allowances', 'plans'];
    const all = [...subs, ...more, ...subs.map((s) => `extra${s}`), ...more.map((s) => `other${s}`)];
    for (const s of all) for (let i = 1; i <= 2; i++) t.learn('d', ['employments', s, String(i)]);
    const first = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
    for (const f of first)
      for (const l of ['smith', 'jones', 'moore', 'lewis', 'young'])
        t.learn('d', ['teams', `${f}-${l}`, 'members']);
    t.finalize();
    expect(all.length).toBeGreaterThan(20);
    expect(t.template('d', ['employments', 'funds', '7'])).toEqual(['employments', 'funds', '{id}']);
    expect(t.template('d', ['teams', 'bob-young', 'members'])).toEqual(['teams', '{param}', 'members']);
  });

  it('takes a code for one of the kinds of ids beside it that hold its sub-routes', () => {
    const t = new PathTemplater();
    // One parameter's ids classified two ways (`{token}`, `{id}`); a spec's example id is literal.
    for (const id of ['6T2TaKTnCTDx1GtDIJ8', 'qtTct1M8Fj', 'LNUk0QOBEUm'])
      t.learn('d', ['devices', id, 'batchCreate']);
    t.learn('d', ['devices', 'x2go', 'settings']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    // The kinds join as one parameter (see joinTypedKinds), the code with them.
    for (const id of ['6T2TaKTnCTDx1GtDIJ8', 'qtTct1M8Fj', 'LNUk0QOBEUm'])
      expect(path('devices', id, 'batchCreate')).toBe('devices/{id}/batchCreate');
    expect(path('devices', 'x2go', 'settings')).toBe('devices/x2go/settings');
  });

  it('lists ids of several kinds at one position as one endpoint, for values met later too', () => {
    const inv = new Inventory({ detectPii: false });
    const get = (path: string) => inv.addObservation(obs(path));
    // Generated ids of uneven length: short ones read as ids, long ones as tokens; one UUID.
    for (const id of ['ZZTbyfCUoJo4', 'bZFc14508yV6', '983hSJmaa0J7GlXO0', '6P5E8oNdJOOQozKj7Xw'])
      for (const r of ['', '/captions', '/status']) get(`/videos/${id}${r}`);
    get('/videos/31a1a7c5-b4e3-47f5-8579-f7fc044c6a98/status');
    const templates = inv.endpoints().map((e) => e.normalizedPath);
    expect(templates.sort()).toEqual([
      '/videos/{videoId}',
      '/videos/{videoId}/captions',
      '/videos/{videoId}/status',
    ]);
    // A later value of any of the kinds meets the same endpoint.
    expect(inv.templateFor('site.example', 'GET', '/videos/aZ3kQ9xLm2Pq7RtV8wYbQ/status')).toBe(
      '/videos/{videoId}/status',
    );
    expect(inv.templateFor('site.example', 'GET', '/videos/0b7a1c8e-3d2f-4e5a-9b6c-7d8e9f0a1b2c')).toBe(
      '/videos/{videoId}',
    );
  });

  it('meets ids of a kind others joined into below every value of a position', () => {
    const t = new PathTemplater();
    // Just Eat's restaurants below tenants: hashes and integers, joined as one kind below the names.
    const ids = ['f4977c45d1486981f2279c67f4f1dce4', 'cdfc7b79df83e502', '56a971876a4f7669079b8c28c9d8cde8'];
    for (const tenant of ['globex', 'vandelay', 'carol-smith', 'mia-wilson', 'oak-north'])
      for (const id of [...ids, '4821', '77'])
        for (const r of ['menu', 'fees']) t.learn('d', ['restaurants', tenant, id, r]);
    // A tenant read as an id holds only hashes: the same route below the same parameter.
    for (const id of ids.slice(0, 2)) t.learn('d', ['restaurants', 'initech606', id, 'menu']);
    t.finalize();
    const path = (...segments: string[]) => t.template('d', segments).join('/');
    expect(path('restaurants', 'initech606', 'cdfc7b79df83e502', 'menu')).toBe(
      'restaurants/{param}/{id}/menu',
    );
    expect(path('restaurants', 'globex', '77', 'fees')).toBe('restaurants/{param}/{id}/fees');
  });

  it('keeps route names in the API convention sharing one joined kind of id apart', () => {
    const t = new PathTemplater();
    // Shinobi's lookups: a token and a second id below each; the ids of one joined into `{id}`.
    t.learn('d', splitPath('/Episodes/LatestSeason/KbHRP7T86O-hva0LSydJ_/PIns_hrL_fwv24H9KCBMG'));
    t.learn('d', splitPath('/Episodes/LatestSeason/GGQMRzDbVZQIcYLWE6DRE/C47KgpNeiMJbmrfgQrale'));
    t.learn(
      'd',
      splitPath('/Episodes/BySeason/rrzmCMqIzWf_3qSVW8VTo/C47KgpNeiMJbmrfgQrale/01D3NM21959EJJCJ8FD08NSR2N'),
    );
    t.learn('d', splitPath('/Episodes/ByID/oCRB5jLPF_-4DjCznvtAP/PIns_hrL_fwv24H9KCBMG'));
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/Episodes/ByID/oCRB5jLPF_-4DjCznvtAP/PIns_hrL_fwv24H9KCBMG')).toBe(
      'Episodes/ByID/{token}/{token}',
    );
    expect(at('/Episodes/LatestSeason/GGQMRzDbVZQIcYLWE6DRE/C47KgpNeiMJbmrfgQrale')).toBe(
      'Episodes/LatestSeason/{id}/{token}',
    );
  });

  it("keeps a collection's searches in API words apart, however their marks mix", () => {
    const t = new PathTemplater();
    // DropX's product searches: dashes and a version mark, each name of API words.
    for (const name of ['', 'search', 'link-search', 'link-search-v2', 'title-search', 'search-v2'])
      t.learn('d', splitPath(`/api/v1/products/${name}`));
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/api/v1/products/link-search-v2')).toBe('api/v1/products/link-search-v2');
    expect(at('/api/v1/products/title-search')).toBe('api/v1/products/title-search');
  });

  it('takes short upper-case codes for ids', () => {
    expect(classifySegment('OSHE2CNS')).toBe('id');
    expect(classifySegment('HTTP2')).toBe('literal');
  });

  it('takes letters a machine made for ids, and keeps what developers write', () => {
    // Letter pairs route words rarely make, in mixed case or capitals.
    for (const id of ['zeSbxRdEQDwAS', 'fuxJxojlHJWY', 'KQRCAQTH', 'DLLXTJ', 'fvvnqgvqGdLte0'])
      expect(classifySegment(id), id).toBe('id');
    // Words, acronyms joined to words, API words, lower-case names and codes stay literal.
    for (const word of [
      'paymentMethods',
      'XMLtoJSON',
      'listKeyVaultKeys',
      'GroupForEdgeAutomation',
      'ACCOUNTS',
      'liamclark',
      'vnfpkgm',
      'iPhone',
    ])
      expect(classifySegment(word), word).toBe('literal');
  });

  it('joins generated ids and merged names at one position into one parameter', () => {
    const inv = new Inventory({ detectPii: false });
    const paths = [
      ...['zeSbxRdEQDwAS', 'fuxJxojlHJWY', 'wwdOCoYqQLeK'].flatMap((v) => [
        `/groups/${v}/members`,
        `/groups/${v}/settings`,
      ]),
      ...['gold-wonka', 'north_acme', 'oak-sales', 'red_piper'].flatMap((v) => [
        `/groups/${v}/members`,
        `/groups/${v}/settings`,
      ]),
    ];
    for (const path of paths) inv.addObservation(obs(path));
    const templates = new Set(inv.endpoints().map((e) => e.normalizedPath.replace(/\{[^}]+\}/g, '{}')));
    expect([...templates].sort()).toEqual(['/groups/{}/members', '/groups/{}/settings']);
  });

  it('joins the values below two kinds of one parameter into one', () => {
    const inv = new Inventory({ detectPii: false });
    // App Center's `/v0.1/apps/{owner_name}/{app_name}/analytics/…`: `iron137` reads as an id, the
    // other owners merge into `{param}`; the apps below each of them merged there in another way.
    for (const [method, path] of [
      ['GET', 'mallory-clark/victor-wilson/analytics/session_durations_distribution'],
      ['DELETE', 'vandelay-acme/globex666/analytics/event_logs/wonka913'],
      ['DELETE', 'marketing/victor-wilson/analytics/events/wonka913'],
      ['GET', 'iron137/blue-pied/analytics/crash_groups/80fa48aa-69fa-4d5c-a687-5ce6abc86541/crash_counts'],
      [
        'GET',
        'iron137/victor-wilson/analytics/crash_groups/1aceb074-175f-488b-b9f3-191b831a14b6/crash_counts',
      ],
    ] as const)
      inv.addObservation({ ...obs(`/v0.1/apps/${path}`), method });
    const apps = new Set(inv.endpoints().map((e) => e.normalizedPath.split('/').slice(0, 5).join('/')));
    expect([...apps]).toEqual(['/v0.1/apps/{appId}/{param}']);
  });

  it('keeps the plural of a word with a number a route (`int32s`)', () => {
    expect(classifySegment('int32s')).toBe('literal');
    expect(classifySegment('prod746')).toBe('id');
    const t = new PathTemplater();
    // Opto22's variables by type, each holding names (the same ones, as a device's tags are).
    for (const type of ['int32s', 'int64s', 'floats', 'strings'])
      for (const name of ['oscorp_marketing', 'pump-speed', 'tank_level'])
        t.learn('d', splitPath(`/api/v1/device/strategy/vars/${type}/${name}`));
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/api/v1/device/strategy/vars/int32s/tank_level')).toMatch(
      /^api\/v1\/device\/strategy\/vars\/int32s\//,
    );
    expect(at('/api/v1/device/strategy/vars/int64s')).toBe('api/v1/device/strategy/vars/int64s');
  });

  it("keeps an API's edition codes apart where their routes differ", () => {
    const t = new PathTemplater();
    // Halo's stats: each game's own routes, two of them shared.
    const routes: Record<string, string[]> = {
      h5: [
        'players/42/matches',
        'matches/7/events',
        'servicerecords/arena',
        'companies/3',
        'campaign/matches/7',
      ],
      hw2: ['players/42/matches', 'matches/7/events', 'xp', 'playlist/9/rating'],
      h5pc: ['players/42/matches', 'custom/matches/7', 'servicerecords/custom'],
    };
    for (const [code, list] of Object.entries(routes))
      for (const route of list) t.learn('d', splitPath(`/stats/${code}/${route}`));
    // Values with codes for names hold the same routes, and still merge.
    for (const code of ['a1', 'b2', 'c3'])
      for (const route of ['members', 'settings']) t.learn('d', splitPath(`/teams/${code}/${route}`));
    t.finalize();
    const at = (path: string) => t.template('d', splitPath(path)).join('/');
    expect(at('/stats/hw2/matches/7/events')).toBe('stats/hw2/matches/{id}/events');
    expect(at('/stats/h5/players/42/matches')).toBe('stats/h5/players/{id}/matches');
    expect(at('/teams/b2/members')).toBe('teams/{param}/members');
  });

  it('joins an id and merged names answering one method at one position', () => {
    const inv = new Inventory({ detectPii: false });
    // a name-keyed API's `GET`/`DELETE /v1alpha/{name}`: most names merged by their mixed marks, one read as an id.
    for (const name of ['cyberdyne_tyrell', 'oscorp', 'victor-miller', 'east', 'soylent665'])
      for (const method of ['GET', 'DELETE']) inv.addObservation({ ...obs(`/v1alpha/${name}`), method });
    for (const name of ['east', 'victor-miller']) inv.addObservation(obs(`/v1alpha/${name}/operations`));
    for (const id of ['bfc937f5-f39e-4c98-9c07-763832eb55dd', 'fcceb2b8-7baa-4b00-8fcf-b22cf5c184bc'])
      inv.addObservation(obs(`/v1alpha/${id}/reports`));
    inv.endpoints();
    const at = (path: string) => inv.templateFor('site.example', 'DELETE', path);
    expect(at('/v1alpha/soylent665')).toBe(at('/v1alpha/oscorp'));
    expect(at('/v1alpha/oscorp')).toMatch(/^\/v1alpha\/\{[^}]+\}$/);
  });

  it('keeps codes folded into a typed parameter once the merged parameter took it over', () => {
    const t = new PathTemplater();
    // A position a stored endpoint showed as a parameter, with ids and a code beside it.
    const stored = new Map([
      [1, { rule: 'vocabulary' as const, values: ['gold-wonka'], distinct: 1, shared: null }],
    ]);
    t.learn('d', ['service', '{param}', 'products'], 1, stored);
    for (const id of ['123', '456']) t.learn('d', ['service', id, 'products']);
    t.learn('d', ['service', 'south88', 'products']);
    t.finalize();
    expect(t.template('d', ['service', '789', 'products'])).toEqual(['service', '{param}', 'products']);
    expect(t.template('d', ['service', 'south88', 'products'])).toEqual(['service', '{param}', 'products']);
  });

  it('does not merge static routes with different sub-routes (a website root)', () => {
    const inv = new Inventory({ cardinalityThreshold: 5, detectPii: false });
    const sections = ['blog', 'images', 'projects', 'articles', 'files', 'about', 'scripts', 'misc'];
    sections.forEach((s, i) => {
      for (let k = 0; k <= i; k++)
        inv.addObservation(obs(`/${s}/${'sub' + String.fromCharCode(97 + k)}/x${k}.html`));
    });
    const paths = inv.endpoints().map((e) => e.normalizedPath);
    expect(paths.some((p) => p.startsWith('/{param}'))).toBe(false);
  });

  it('recovers the templates of a generated spec from synthetic traffic', () => {
    const r = measureTemplating([generateSpec(40)], 30);
    expect(r.accuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('takes a literal answering DELETE as the parameter beside it does as one more value', () => {
    const inv = new Inventory({ detectPii: false });
    const send = (method: string, path: string, times = 1) => {
      for (let i = 0; i < times; i++) inv.addObservation({ ...obs(path), method });
    };
    // Two names merged as leaf values; a busy name that looks plural stayed beside them, although
    // it is read, replaced and deleted exactly as they are.
    send('GET', '/accounts/ord_BTLptfk6Zd3VUcCe/policies');
    for (const m of ['GET', 'PUT', 'DELETE']) send(m, '/accounts/ord_BTLptfk6Zd3VUcCe/policies/lindqvist', 2);
    for (const m of ['PUT', 'DELETE']) send(m, '/accounts/ch_yLa4grqWrXomhX51/policies/nora_vance');
    for (const m of ['GET', 'PUT', 'DELETE']) send(m, '/accounts/ch_yLa4grqWrXomhX51/policies/operations', 5);
    const paths = new Set(inv.endpoints().map((e) => `${e.method} ${e.normalizedPath}`));
    expect(paths).toContain('DELETE /accounts/{accountId}/policies/{policyId}');
    expect(paths).not.toContain('DELETE /accounts/{accountId}/policies/operations');
    expect(inv.templateFor('site.example', 'GET', '/accounts/ord_BTLptfk6Zd3VUcCe/policies/operations')).toBe(
      '/accounts/{accountId}/policies/{policyId}',
    );
  });

  it('takes two leaves or more deleted and replaced as the items of a collection', () => {
    const inv = new Inventory({ detectPii: false });
    const send = (method: string, path: string) => inv.addObservation({ ...obs(path), method });
    // Two security contacts, each read, replaced, changed and deleted; the collection is listed.
    send('GET', '/providers/Acme.Security/securityContacts');
    for (const name of ['aperture', 'umbrella'])
      for (const m of ['GET', 'PUT', 'PATCH', 'DELETE'])
        send(m, `/providers/Acme.Security/securityContacts/${name}`);
    // A singleton's parts (changed as a whole too), a family of the API's own channel names, and
    // an alias stay: they are deleted and replaced one by one as well.
    for (const m of ['GET', 'PATCH', 'DELETE']) send(m, '/indexes/books/settings');
    for (const part of ['synonyms', 'typo-tolerance'])
      for (const m of ['GET', 'PUT', 'DELETE']) send(m, `/indexes/books/settings/${part}`);
    for (const channel of ['apns', 'apns_sandbox', 'apns_voip', 'apns_voip_sandbox'])
      for (const m of ['GET', 'PUT', 'DELETE']) send(m, `/apps/42/channels/${channel}`);
    for (const name of ['mine', 'oak']) for (const m of ['GET', 'PUT', 'DELETE']) send(m, `/carts/${name}`);
    const paths = new Set(inv.endpoints().map((e) => `${e.method} ${e.normalizedPath}`));
    expect(paths).toContain('PUT /providers/Acme.Security/securityContacts/{securityContactId}');
    expect(paths).toContain('PUT /indexes/books/settings/synonyms');
    expect(paths).toContain('PUT /apps/{appId}/channels/apns_voip');
    expect(paths).toContain('PUT /carts/mine');
  });

  it('takes names deleted as one resource right after a version, not its singletons or collections', () => {
    const inv = new Inventory({ detectPii: false });
    const send = (method: string, path: string) => inv.addObservation({ ...obs(path), method });
    // a name-keyed API's `/v1/{name}`: plain names, each read, patched or deleted, holding `operations`.
    for (const name of ['patrik', 'kevin', 'monica']) {
      send('GET', `/v1/${name}`);
      send(name === 'monica' ? 'PATCH' : 'DELETE', `/v1/${name}`);
      send('GET', `/v1/${name}/operations`);
    }
    // The API's own: singletons in its words, a collection posted to.
    send('DELETE', '/v1/cache');
    send('PUT', '/v1/settings');
    send('DELETE', '/v1/settings');
    send('POST', '/v1/gardens');
    send('DELETE', '/v1/gardens');
    const paths = new Set(inv.endpoints().map((e) => `${e.method} ${e.normalizedPath}`));
    expect(paths).toContain('DELETE /v1/{param}');
    expect(paths).toContain('GET /v1/{param}/operations');
    expect(paths).not.toContain('DELETE /v1/kevin');
    expect(paths).toContain('DELETE /v1/cache');
    expect(paths).toContain('DELETE /v1/settings');
    expect(paths).toContain('DELETE /v1/gardens');
    const merged = inv.endpoints().find((e) => e.method === 'DELETE' && e.normalizedPath === '/v1/{param}');
    expect(merged?.merges?.[0]).toMatchObject({ rule: 'same-methods' });
  });

  it('takes one handle holding collections right after a version, not a code', () => {
    const inv = new Inventory({ detectPii: false });
    // One user's log of Adafruit IO: `/api/v2/{username}/…` shows one username.
    for (const route of ['feeds', 'dashboards', 'groups/7'])
      inv.addObservation(obs(`/api/v2/tapio51/${route}`));
    inv.addObservation(obs('/api/v2/user'));
    // An API's code holding collections stays.
    for (const route of ['tokens', 'clients']) inv.addObservation(obs(`/api/v2/oauth2/${route}`));
    const paths = new Set(inv.endpoints().map((e) => e.normalizedPath));
    expect(paths).toContain('/api/v2/{param}/feeds');
    expect(paths).toContain('/api/v2/{param}/dashboards');
    expect(paths).toContain('/api/v2/user');
    expect(paths).toContain('/api/v2/oauth2/tokens');
  });

  it('takes one leaf deleted and replaced as an item only below a settled path', () => {
    const inv = new Inventory({ detectPii: false });
    const send = (method: string, path: string) => inv.addObservation({ ...obs(path), method });
    // Below a version, a collection and an id: one webhook seen, replaced and deleted.
    send('GET', '/v1/apps/42/webhooks');
    for (const m of ['GET', 'PUT', 'DELETE']) send(m, '/v1/apps/42/webhooks/umbrella');
    // Below a name that may be one value of many, one alone is a slice of the traffic: it waits.
    send('GET', '/v1/teams/north/hooks');
    for (const m of ['GET', 'PUT', 'DELETE']) send(m, '/v1/teams/north/hooks/oak');
    const paths = new Set(inv.endpoints().map((e) => `${e.method} ${e.normalizedPath}`));
    expect(paths).toContain('PUT /v1/apps/{appId}/webhooks/{webhookId}');
    expect(paths).toContain('PUT /v1/teams/north/hooks/oak');
  });

  it('takes a literal deleted as the values of a merged position are, beside a collection search', () => {
    const inv = new Inventory({ detectPii: false });
    const send = (method: string, path: string) => inv.addObservation({ ...obs(path), method });
    for (const v of ['rupert-jones', 'oak-west', 'pied_piper7']) {
      for (const m of ['GET', 'PUT', 'DELETE']) send(m, `/linkServices/${v}`);
      send('GET', `/linkServices/${v}/connections`);
    }
    // A spec's example name seen deleted only; the collection's own search and bulk deletion stay.
    send('DELETE', '/linkServices/demoLnk');
    send('GET', '/linkServices/search');
    send('DELETE', '/linkServices/bulkDelete');
    const paths = new Set(inv.endpoints().map((e) => `${e.method} ${e.normalizedPath}`));
    expect(paths).not.toContain('DELETE /linkServices/demoLnk');
    expect(paths).toContain('DELETE /linkServices/{linkServiceId}');
    expect(paths).toContain('GET /linkServices/search');
    expect(paths).toContain('DELETE /linkServices/bulkDelete');
  });

  it("keeps a parameter's action answering PUT and DELETE beside its typed children literal", () => {
    const inv = new Inventory({ detectPii: false });
    const send = (method: string, path: string) => inv.addObservation({ ...obs(path), method });
    for (const id of [4411, 5522])
      for (const sha of ['9f86d081884c7d659a2feaa0c55ad015', '5e884898da28047151d0e56f8dc62927']) {
        for (const m of ['GET', 'PUT', 'DELETE']) send(m, `/snippets/${id}/${sha}`);
        for (const m of ['GET', 'PUT', 'DELETE']) send(m, `/snippets/${id}/watch`);
      }
    const paths = new Set(inv.endpoints().map((e) => `${e.method} ${e.normalizedPath}`));
    expect(paths).toContain('PUT /snippets/{snippetId}/watch');
    expect(paths).toContain('DELETE /snippets/{snippetId}/watch');
  });

  it('keeps read-only, updated-only, alias and bulk routes beside ids literal', () => {
    const inv = new Inventory({ detectPii: false });
    const send = (method: string, path: string) => inv.addObservation({ ...obs(path), method });
    for (const id of [101, 202, 303]) {
      for (const m of ['GET', 'PUT', 'PATCH', 'DELETE']) send(m, `/users/${id}`);
      for (const m of ['GET', 'PUT', 'DELETE']) send(m, `/orders/${id}/config`);
      send('GET', `/repos/${id}`);
      send('DELETE', `/repos/${id}`);
    }
    // A singleton read and updated, an alias of the caller, a section's own sub-route, a search.
    for (const m of ['GET', 'PUT']) send(m, '/users/settings');
    for (const m of ['GET', 'PATCH', 'DELETE']) send(m, '/users/me');
    for (const m of ['GET', 'PUT']) send(m, '/orders/feed/config');
    send('GET', '/repos/search');
    // Deleting many at once beside ids that are read, replaced and deleted one by one.
    for (const id of ['9f86d081884c7d659a2feaa0c55ad015', '5e884898da28047151d0e56f8dc62927'])
      for (const m of ['GET', 'POST', 'PUT', 'DELETE']) send(m, `/files/${id}`);
    send('DELETE', '/files/bulkDelete');
    for (const m of ['POST', 'DELETE']) send(m, '/files/batch');
    const paths = new Set(inv.endpoints().map((e) => `${e.method} ${e.normalizedPath}`));
    for (const p of [
      'PUT /users/settings',
      'DELETE /users/me',
      'PATCH /users/me',
      'PUT /orders/feed/config',
      'GET /repos/search',
      'DELETE /files/bulkDelete',
      'DELETE /files/batch',
    ])
      expect(paths).toContain(p);
  });

  it('keeps a collection route answering DELETE literal when it holds a route of its own', () => {
    const inv = new Inventory({ detectPii: false });
    const send = (method: string, path: string) => inv.addObservation({ ...obs(path), method });
    for (const id of [101, 202, 303]) for (const m of ['GET', 'DELETE']) send(m, `/payment/${id}`);
    for (const m of ['GET', 'DELETE']) send(m, '/payment/history');
    send('GET', '/payment/history/recent');
    const paths = new Set(inv.endpoints().map((e) => `${e.method} ${e.normalizedPath}`));
    expect(paths).toContain('DELETE /payment/history');
    expect(paths).toContain('GET /payment/history/recent');
  });

  it.skipIf(!hasCorpus)('recovers ≥ 95 % of the corpus specs’ templates from synthetic traffic', () => {
    const specs = [
      'openapi/oas30-petstore3.yaml',
      'openapi/swagger20-petstore-classic.json',
      'openapi/oas31-petstore-design-first.yaml',
      'openapi/oas30-uspto.json',
    ].map(corpusText);
    const r = measureTemplating(specs);
    expect(r.templates).toBeGreaterThan(40);
    expect(r.accuracy).toBeGreaterThanOrEqual(0.95);
  });
});

/** Expect each path to template as given (`domain` tells a path's domain, `d` unless told). */
function expectTemplates(
  t: PathTemplater,
  cases: readonly [path: string, template: string][],
  domain: (path: string) => string = () => 'd',
): void {
  for (const [path, template] of cases)
    expect(t.template(domain(path), path.split('/')).join('/')).toBe(template);
}

/** An Inventory that observed each path once. */
function learned(paths: readonly string[]): Inventory {
  const inv = new Inventory({ detectPii: false });
  for (const path of paths) inv.addObservation(obs(path));
  return inv;
}

/**
 * One Inventory per batch of `METHOD path` requests (paths below `prefix`), each fed the endpoints
 * the one before stored, as the server analyses uploads; each has listed its endpoints.
 */
function inBatches(prefix: string, batches: readonly (readonly string[])[]): Inventory[] {
  let stored: ReturnType<Inventory['endpoints']> = [];
  return batches.map((batch) => {
    const inv = new Inventory({ detectPii: false });
    inv.addAggregates(stored);
    for (const request of batch) {
      const [method, path] = request.split(' ') as [string, string];
      inv.addObservation({ ...obs(`${prefix}${path}`), method });
    }
    stored = inv.endpoints();
    return inv;
  });
}

/** The templates an Inventory learned, sorted. */
function templatesOf(inv: Inventory): string[] {
  return inv
    .endpoints()
    .map((e) => e.normalizedPath)
    .sort();
}

function obs(path: string) {
  return {
    source: 'capture' as const,
    domain: 'site.example',
    method: 'GET',
    path,
    query: '',
    status: 200,
    scheme: 'https' as const,
    auth: null,
    requestHeaders: {},
    responseHeaders: {},
    timestamp: null,
  };
}

describe('analysis one batch at a time (stored endpoints fed back)', () => {
  it('takes a new value at a position that stored endpoints show merged', () => {
    let stored: ReturnType<Inventory['endpoints']> = [];
    const seen: string[][] = [];
    for (const teams of [['apple', 'banana'], ['cherry'], ['grape'], ['lemon'], ['mango']]) {
      const inv = new Inventory({ detectPii: false });
      inv.addAggregates(stored);
      for (const team of teams) inv.addObservation(obs(`/v1/teams/${team}/members`));
      stored = inv.endpoints();
      seen.push(stored.map((e) => e.normalizedPath).sort());
    }
    // Once two teams showed the position is a value, every later team joins it.
    for (const paths of seen) expect(paths).toEqual(['/v1/teams/{teamId}/members']);
    const members = stored.find((e) => e.normalizedPath === '/v1/teams/{teamId}/members');
    expect(members?.merges?.[0]).toMatchObject({ parameter: '{teamId}' });
  });

  it('takes a literal beside two kinds of id that met below a merged position', () => {
    // a compute API's backend buckets: ids of two kinds from two projects, and `iron-soylent`,
    // a bucket named beside them; the second batch brings the id of the second kind.
    const batches = [
      [
        'POST blue-cyberdyne/zones/acct_cMEX59aiz5AH5nAzulIRE/reservations/c5d2e309-ff43-437a-834b-b758b38702f6/setIamPolicy',
        'POST initech_blue/global/backendBuckets/08c2243f-9a72-4385-8648-d963003820d9/setIamPolicy',
        'PATCH blue-cyberdyne/global/backendBuckets/iron-soylent',
        'POST west-pied/global/backendBuckets/f5720133-f644-4649-bfb0-74ed994220fd/testIamPermissions',
        'POST west-pied/zones/acct_ulOnq6rPqyvRzj/reservations/cc0430b0-ecca-4bd2-9f14-aa75676987f1/setIamPolicy',
      ],
      ['PATCH initech_blue/global/backendBuckets/blue928'],
    ];
    const inv = inBatches('/compute/v1/projects/', batches).at(-1) as Inventory;
    const at = (path: string) => inv.templateFor('site.example', 'PATCH', `/compute/v1/projects/${path}`);
    expect(at('prod/global/backendBuckets/iron-soylent')).toBe(at('prod/global/backendBuckets/blue928'));
    expect(at('prod/global/backendBuckets/blue928')).toBe(
      '/compute/v1/projects/{projectId}/global/backendBuckets/{backendBucketId}',
    );
  });

  it('keeps the values a stored merge names when stored endpoints come back', () => {
    // Bitbucket in shuffled batches: a repository named beside ids (`oak96`, taken by its words),
    // which the stored endpoint's merge names, is that position's when stored endpoints come back.
    const batches = [
      [
        'DELETE mateo-king/oak96/pullrequests/18ddeea989087c70ec9dbc66/properties/hpB5acl2v7EToMl0f/red930',
        'GET staging/stark178/default-reviewers/noahmiller',
        'GET zoe-lewis/oak96/default-reviewers/mallory20',
        'GET mateo-king/stark178/default-reviewers/niaj',
        'GET mateo-king/oak96/default-reviewers/ivan',
        'GET mateo-king/stark178/commit/org_VCAwsmrDlzH5lXL7z/reports',
        'GET staging/stark178/default-reviewers/ivan',
        'GET mateo-king/vandelay_oscorp/default-reviewers/sybil28',
      ],
      [
        'POST mateo-king/staging_wayne/issues/ce353ffc715ce8e0f30a7a2c65ac305ef8530460/changes',
        'GET wonka/oscorp530/default-reviewers/olivia.king',
        'PUT mateo-king/grace-moore/pipelines_config/ssh/known_hosts/a2f7d4da-fed8-442f-b3cb-2d732fe66b9c',
        'GET mateo-king/oak96/default-reviewers/mallory20',
        'PUT mateo-king/stark/commit/usr_aHcvzIUJX0vZ40l/statuses/build/8093223',
        'GET staging/vandelay_oscorp/default-reviewers/sybil28',
        'GET grace-king/vandelay_oscorp/default-reviewers/yara',
        'PUT mateo-king/stark178/pipelines_config',
        'GET zoe-lewis/vandelay_oscorp/default-reviewers/ivan',
        'GET mateo-king/aperture_piper/default-reviewers/lucas.smith',
        'GET staging/vandelay_oscorp/default-reviewers/niaj',
        'GET mateo-king/stark178/issues/export/umbrella-aperture-issues-6718251.zip',
        'GET mateo-king/oak96/default-reviewers/ava',
        'GET wonka/vandelay_oscorp/default-reviewers/niaj',
        'GET wonka/oak96/default-reviewers/mallory20',
      ],
    ];
    const inv = inBatches('/2.0/repositories/', [...batches, []]).at(-1) as Inventory;
    expect(
      inv.templateFor('site.example', 'GET', '/2.0/repositories/mateo-king/oak96/default-reviewers/ava'),
    ).toMatch(
      /^\/2\.0\/repositories\/\{repositoryId\}\/\{[^}]+\}\/default-reviewers\/\{defaultReviewerId\}$/,
    );
  });

  it('changes nothing when stored endpoints are fed back without new traffic', () => {
    // A compute API in shuffled batches: three policies' names (`tyrell-acme`, `iron-iron`,
    // `sybil-smith`) beside the collection's own `listAvailableFeatures`, below projects merged.
    const batches = [
      [
        'POST blue-cyberdyne/zones/acct_cMEX59aiz5AH5nAzulIRE/reservations/c5d2e309-ff43-437a-834b-b758b38702f6/setIamPolicy',
        'POST aperture/zones/acct_ulOnq6rPqyvRzj/reservations/c5d2e309-ff43-437a-834b-b758b38702f6/setIamPolicy',
        'GET aperture/global/sslPolicies/listAvailableFeatures',
      ],
      [
        'GET west-pied/global/backendBuckets/08c2243f-9a72-4385-8648-d963003820d9/getIamPolicy',
        'POST west-pied/zones/evt_KKkLz5vSu6KOJlh3/reservations/cc0430b0-ecca-4bd2-9f14-aa75676987f1/setIamPolicy',
        'POST initech_blue/zones/evt_KKkLz5vSu6KOJlh3/reservations/f5720133-f644-4649-bfb0-74ed994220fd/setIamPolicy',
        'POST tyrell/global/instanceTemplates',
        'POST blue-cyberdyne/zones/acct_ulOnq6rPqyvRzj/reservations/cc0430b0-ecca-4bd2-9f14-aa75676987f1/setIamPolicy',
        'POST west-pied/zones/acct_ulOnq6rPqyvRzj/reservations/b8ad2f82-e62c-4c85-84cf-9164cf769d58/setIamPolicy',
        'POST red-gold/zones/evt_KKkLz5vSu6KOJlh3/reservations/cc0430b0-ecca-4bd2-9f14-aa75676987f1/setIamPolicy',
        'PATCH prod/global/images/6995496',
        'POST yara-davis/zones/acct_ulOnq6rPqyvRzj/reservations/cc0430b0-ecca-4bd2-9f14-aa75676987f1/setIamPolicy',
        'DELETE blue-cyberdyne/global/sslPolicies/tyrell-acme',
        'POST blue-cyberdyne/zones/prod_3lC65P5wda0Zjt9dr4/reservations/15f16c23-7125-492e-981b-dda1fa70cded/setIamPolicy',
        'POST aperture/zones/cus_q6fam6AxWRPxwTFoIP88R/reservations/08c2243f-9a72-4385-8648-d963003820d9/setIamPolicy',
        'DELETE yara-davis/global/sslPolicies/iron-iron',
      ],
      [
        'PATCH initech_blue/global/sslPolicies/iron-iron',
        'POST prod/zones/acct_ulOnq6rPqyvRzj/reservations/cc0430b0-ecca-4bd2-9f14-aa75676987f1/setIamPolicy',
        'POST red-gold/zones/acct_ulOnq6rPqyvRzj/reservations/cc0430b0-ecca-4bd2-9f14-aa75676987f1/setIamPolicy',
        'DELETE yara-davis/global/sslPolicies/sybil-smith',
        'GET alice-young/global/forwardingRules/sub_mGHsTCvsZFnbqVoGq089p2H',
        'POST prod/zones/acct_cMEX59aiz5AH5nAzulIRE/reservations/f5720133-f644-4649-bfb0-74ed994220fd/setIamPolicy',
        'POST initech_blue/zones/acct_ulOnq6rPqyvRzj/reservations/cc0430b0-ecca-4bd2-9f14-aa75676987f1/setIamPolicy',
        'POST aperture-north/zones/acct_ulOnq6rPqyvRzj/reservations/cc0430b0-ecca-4bd2-9f14-aa75676987f1/setIamPolicy',
        'DELETE red-gold/global/networks/mateo-lewis',
        'POST initech_blue/zones/acct_ulOnq6rPqyvRzj/reservations/ffc80ef0-a001-408b-9b41-45bdd90ec24e/setIamPolicy',
      ],
    ];
    const seen = inBatches('/compute/v1/projects/', [...batches, []]).map((inv) =>
      inv.templateFor('site.example', 'DELETE', '/compute/v1/projects/prod/global/sslPolicies/iron-iron'),
    );
    expect(seen.slice(1)).toEqual(
      Array(3).fill('/compute/v1/projects/{projectId}/global/sslPolicies/{sslPolicyId}'),
    );
  });

  it('decides a stored merge again from its sample paths, sharing its counts exactly', () => {
    const first = new Inventory({ detectPii: false });
    for (const team of ['apple', 'banana']) first.addObservation(obs(`/v1/teams/${team}/members`));
    const [row] = first.endpoints();
    expect(row?.normalizedPath).toBe('/v1/teams/{teamId}/members');
    // The stored row stood for two raw paths; this batch shows `search` to be the API's own word.
    const stored = {
      ...row!,
      samplePaths: ['/v1/teams/apple/members', '/v1/teams/search/members'],
      requestCount: 5,
      statusCounts: { '200': 3, '404': 2 },
    };
    const inv = new Inventory({ detectPii: false });
    inv.addAggregates([stored]);
    inv.addObservation(obs('/v1/teams/settings/members'));
    const rows = inv.endpoints().map((e) => [e.normalizedPath, e.requestCount, e.statusCounts]);
    expect(rows).toEqual([
      ['/v1/teams/apple/members', 3, { '200': 2, '404': 1 }],
      ['/v1/teams/search/members', 2, { '200': 1, '404': 1 }],
      ['/v1/teams/settings/members', 1, { '200': 1 }],
    ]);
    // The stored row's marks go to its first part.
    expect(inv.foldedInto().get('site.example GET /v1/teams/{teamId}/members')).toBe(
      'site.example GET /v1/teams/apple/members',
    );
  });

  it('folds rows an earlier analysis stored under two kinds of ids into one endpoint', () => {
    const first = new Inventory({ detectPii: false });
    first.addObservation(obs('/videos/ZZTbyfCUoJo4/status'));
    const [row] = first.endpoints();
    // As analyses before typed kinds were joined stored them: a short id's row and a long one's.
    const stored = [
      { ...row!, normalizedPath: '/videos/{videoId}/status', requestCount: 3 },
      { ...row!, normalizedPath: '/videos/{token}/status', requestCount: 2 },
    ];
    const inv = new Inventory({ detectPii: false });
    inv.addAggregates(stored);
    inv.addObservation(obs('/videos/aZ3kQ9xLm2Pq7RtV8wYbQ/status'));
    expect(inv.endpoints().map((e) => [e.normalizedPath, e.requestCount])).toEqual([
      ['/videos/{videoId}/status', 6],
    ]);
    expect(inv.foldedInto().get('site.example GET /videos/{token}/status')).toBe(
      'site.example GET /videos/{videoId}/status',
    );
  });

  it('keeps the merge when later values are API words, and reserved words apart', () => {
    let stored: ReturnType<Inventory['endpoints']> = [];
    const seen: string[][] = [];
    for (const teams of [['sales', 'marketing', 'support'], ['billing'], ['search']]) {
      const inv = new Inventory({ detectPii: false });
      inv.addAggregates(stored);
      for (const team of teams) inv.addObservation(obs(`/v1/teams/${team}/members`));
      stored = inv.endpoints();
      seen.push(stored.map((e) => e.normalizedPath).sort());
    }
    expect(seen).toEqual([
      ['/v1/teams/{teamId}/members'],
      ['/v1/teams/{teamId}/members'],
      ['/v1/teams/search/members', '/v1/teams/{teamId}/members'],
    ]);
  });
});
