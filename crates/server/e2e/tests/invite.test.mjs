// "Invite" (issue 32): the browser that created a game keeps its links; its table shows an
// Invite button (to that browser only) that gives the other seats' links and the spectators'
// again. A link read there opens its seat in another browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, axeViolations } from '../lib.mjs';

test('the creator finds the invitation links again from the table; another browser joins with one', async () => {
  const browser = await launch();
  try {
    const { page: host } = await newPage(browser, { context: { bypassCSP: true } });
    await host.goto(BASE + '/new');
    await host.selectOption('#preset', 'goliath');
    await host.fill('ol.seats li:nth-child(1) input[type=text]', 'Ann');
    await host.selectOption('ol.seats li:nth-child(2) select.kind', 'human');
    await host.fill('ol.seats li:nth-child(2) input[type=text]', 'Bob');
    await host.click('form#lobby > button:not(#create):not(.icon)');
    await host.waitForSelector('ol.seats li:nth-child(3)');
    await host.selectOption('ol.seats li:nth-child(3) select.kind', 'human');
    await host.fill('ol.seats li:nth-child(3) input[type=text]', 'Cleo');
    await host.click('#create');
    await host.waitForSelector('input.link[data-seat="2"]');
    const bobLink = await host.inputValue('input.link[data-seat="1"]');
    const watchLink = await host.inputValue('#spectator-link');

    // Ann goes to her table (this page then forgets the links it showed).
    await host.click('a[data-play-seat="0"]');
    await host.waitForSelector('#players .player');
    await host.reload();
    await host.waitForSelector('#players .player');
    await host.click('#invite');
    await host.waitForSelector('#invite-dialog[open]');
    // Bob's and Cleo's seats and the spectators' link; not Ann's own.
    assert.equal(await host.$('#invite-dialog input.link[data-seat="0"]'), null);
    const again = await host.inputValue('#invite-dialog input.link[data-seat="1"]');
    assert.equal(again, bobLink);
    assert.ok(await host.$('#invite-dialog input.link[data-seat="2"]'));
    assert.equal(await host.inputValue('#invite-dialog #spectator-link'), watchLink);
    assert.match(await host.textContent('#invite-dialog li:first-child'), /Bob.*not connected/);
    assert.deepEqual(await axeViolations(host), []);
    await host.click('#invite-close');
    await host.waitForSelector('#invite-dialog', { state: 'detached' });

    // Bob, in another browser, opens the link read there and takes his seat.
    const { page: bob } = await newPage(browser);
    await bob.goto(again);
    await bob.waitForSelector('#players .player');
    assert.match(await bob.textContent('#players .player[data-seat="1"]'), /Bob/);
    assert.match(await bob.textContent('#players .player[data-seat="1"]'), /\(you\)/);
    await host.waitForSelector('#players .player[data-seat="1"] .dot.on');
    // Bob's browser did not create the game: no Invite button there.
    assert.equal(await bob.$('#invite'), null);
    // Ann's dialog now says Bob is at the table.
    await host.click('#invite');
    await host.waitForSelector('#invite-dialog[open]');
    assert.match(await host.textContent('#invite-dialog li:first-child'), /Bob.*connected/);
    assert.doesNotMatch(await host.textContent('#invite-dialog li:first-child'), /not connected/);
    assert.equal(host.__errors || 0, 0);
    assert.equal(bob.__errors || 0, 0);
  } finally {
    await browser.close();
  }
});
