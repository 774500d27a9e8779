import { describe, expect, it } from 'vitest';
import { connectionAction, CONNECTION_STATUS_TEXT } from './connection-actions.ts';

describe('connectionAction', () => {
  it('offers Connect when there is no request either way', () => {
    expect(connectionAction({ status: 'none', direction: null, connectionId: null })).toEqual({ kind: 'connect' });
  });
  it('shows a request the viewer sent as sent, with the id to withdraw it', () => {
    expect(connectionAction({ status: 'pending', direction: 'outgoing', connectionId: 'c1' })).toEqual({ kind: 'sent', connectionId: 'c1' });
  });
  it('lets the viewer answer a request sent to them', () => {
    expect(connectionAction({ status: 'pending', direction: 'incoming', connectionId: 'c2' })).toEqual({ kind: 'respond', connectionId: 'c2' });
  });
  it('never offers Connect or an answer for a pending request it cannot identify', () => {
    expect(connectionAction({ status: 'pending', direction: 'incoming', connectionId: null })).toEqual({ kind: 'sent', connectionId: null });
    expect(connectionAction({ status: 'pending', direction: null, connectionId: 'c3' })).toEqual({ kind: 'sent', connectionId: null });
  });
  it('shows a connection as connected whoever asked', () => {
    expect(connectionAction({ status: 'accepted', direction: 'incoming', connectionId: 'c4' })).toEqual({ kind: 'connected', connectionId: 'c4' });
    expect(connectionAction({ status: 'accepted', direction: 'outgoing', connectionId: 'c5' })).toEqual({ kind: 'connected', connectionId: 'c5' });
  });
  it('treats an answer without the connection as no connection', () => {
    expect(connectionAction(undefined)).toEqual({ kind: 'connect' });
  });
  it('offers nothing on the viewer’s own card, whatever the connection says', () => {
    expect(connectionAction({ status: 'none', direction: null, connectionId: null }, true)).toEqual({ kind: 'self' });
  });
  it('labels each state', () => {
    expect(CONNECTION_STATUS_TEXT.sent).toBe('Request sent');
    expect(CONNECTION_STATUS_TEXT.connected).toBe('Connected');
    expect(CONNECTION_STATUS_TEXT.connect).toBeNull();
  });
});
