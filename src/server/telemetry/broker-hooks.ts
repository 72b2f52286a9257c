import type { BodyOf } from '../../contract/call';
import type { Acl, Auth } from '../../contract/mqtt';
import { done, refuse, type Outcome } from '../outcome';
import type { MqttAccess } from './mqtt-access';

/** The answers of an external broker's HTTP hooks (contract/mqtt.ts): the embedded broker's rules, asked over HTTP. */
export class BrokerHooks {
  constructor(private readonly access: MqttAccess) {}

  /** May this user name and password connect, with this client id? */
  async auth(body: BodyOf<typeof Auth>): Promise<Outcome<null, 'badCredentials'>> {
    const identity = await this.access.authenticate(body.username, body.password, body.clientid);
    return identity ? done(null) : refuse('badCredentials');
  }

  /** May this (authenticated) user publish or subscribe to a topic? `acc` as mosquitto-go-auth says it, `action` as EMQX does. */
  async acl(body: BodyOf<typeof Acl>): Promise<Outcome<null, 'unknownUserOrTopic' | 'nothingAsked' | 'publishDenied' | 'subscribeDenied'>> {
    const identity = this.access.identityOf(body.username ?? '');
    const topic = body.topic ?? '';
    if (!identity || !topic) return refuse('unknownUserOrTopic');
    // A client id that is not this identity's never gets a topic, even if the broker let it connect.
    if (body.clientid !== undefined && !this.access.ownsClientId(identity, body.clientid)) return refuse('unknownUserOrTopic');
    const acc = String(body.acc ?? '');
    const wantsPublish = body.action === 'publish' || acc === '2' || acc === '3';
    const wantsRead = body.action === 'subscribe' || acc === '1' || acc === '3' || acc === '4';
    if (!wantsPublish && !wantsRead) return refuse('nothingAsked');
    if (wantsPublish && !this.access.canPublish(identity, topic)) return refuse('publishDenied');
    if (wantsRead && !(await this.access.canSubscribe(identity, topic))) return refuse('subscribeDenied');
    return done(null);
  }

  /** Nobody is a superuser: every check goes through `acl`. */
  superuser(): Outcome<null, 'noSuperusers'> {
    return refuse('noSuperusers');
  }
}
