import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import nacl from 'tweetnacl';
import {
  decodePublicKey,
  fingerprintOf,
  publicKeyObject,
  signedMessage,
  verifySignature,
} from '../../src/lib/ed25519.js';

describe('Ed25519: node:crypto on the server agrees with tweetnacl on the client', () => {
  it('verifies 200 tweetnacl signatures of random messages and rejects every one with a flipped bit', () => {
    for (let i = 0; i < 200; i += 1) {
      const pair = nacl.sign.keyPair();
      const message = randomBytes(1 + (i % 97));
      const signature = Buffer.from(nacl.sign.detached(message, pair.secretKey));
      const key = publicKeyObject(Buffer.from(pair.publicKey));
      expect(verifySignature(key, message, signature)).to.equal(true);
      const tampered = Buffer.from(signature);
      tampered.writeUInt8(tampered.readUInt8(i % 64) ^ (1 << (i % 8)), i % 64);
      expect(verifySignature(key, message, tampered)).to.equal(false);
      const otherMessage = Buffer.concat([message, Buffer.from([0])]);
      expect(verifySignature(key, otherMessage, signature)).to.equal(false);
    }
  });

  it('rejects signatures of the wrong length instead of throwing', () => {
    const pair = nacl.sign.keyPair();
    const key = publicKeyObject(Buffer.from(pair.publicKey));
    expect(verifySignature(key, Buffer.from('x'), Buffer.alloc(0))).to.equal(false);
    expect(verifySignature(key, Buffer.from('x'), Buffer.alloc(65))).to.equal(false);
  });

  it('fingerprints as SHA-256 of the raw key, base64 without padding (RFC 8032 test vector 1 key, hashed by Python)', () => {
    const raw = Buffer.from('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', 'hex');
    const fingerprint = fingerprintOf(raw);
    expect(fingerprint).to.equal('If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk');
    expect(fingerprint).to.have.length(43);
  });

  it('verifies the RFC 8032 test vector 2 signature', () => {
    const publicKey = Buffer.from('3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c', 'hex');
    const signature = Buffer.from(
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
      'hex',
    );
    expect(verifySignature(publicKeyObject(publicKey), Buffer.from([0x72]), signature)).to.equal(true);
  });

  it('accepts only base64 of exactly 32 bytes as a public key', () => {
    const raw = randomBytes(32);
    expect(decodePublicKey(raw.toString('base64'))?.equals(raw)).to.equal(true);
    expect(decodePublicKey(randomBytes(31).toString('base64'))).to.equal(null);
    expect(decodePublicKey(randomBytes(33).toString('base64'))).to.equal(null);
    expect(decodePublicKey('-----BEGIN PUBLIC KEY-----')).to.equal(null);
    expect(decodePublicKey(raw.toString('hex'))).to.equal(null);
  });

  it('builds the signed message as timestamp + METHOD + path + the body bytes', () => {
    expect(signedMessage('1795342530', 'post', '/v1/orders', Buffer.from('{"a":1}')).toString()).to.equal(
      '1795342530POST/v1/orders{"a":1}',
    );
    expect(signedMessage('1795342530', 'GET', '/v1/orders', Buffer.alloc(0)).toString()).to.equal(
      '1795342530GET/v1/orders',
    );
    const bytes = Buffer.from('{"name":"é"}', 'utf8');
    expect(signedMessage('1', 'POST', '/p', bytes).subarray(-bytes.length).equals(bytes)).to.equal(true);
  });
});
