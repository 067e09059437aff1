/**
 * TEST-ONLY key pairs of the Alipay simulator, generated once with node:crypto (2048-bit RSA) and
 * committed so a restarted simulator keeps signing and verifying with the same keys. They protect
 * nothing: never configure them for the real Alipay gateway.
 *
 * Private keys are PKCS#1 ("RSA PRIVATE KEY"), the alipay-sdk default `keyType`; public keys are
 * SPKI ("PUBLIC KEY"), the form the SDK expects for `alipayPublicKey`.
 */
export const SIM_ALIPAY_DEFAULTS = {
  appId: '2021000000000001',
  /** The merchant PID that notifies and return URLs carry as `seller_id`. */
  sellerId: '2088000000000001',
  appPrivateKey: `-----BEGIN RSA PRIVATE KEY-----
MIIEpAIBAAKCAQEAotP8wlXc/XUIbSf9GyKACbEsXULPsNFKIBr8+qQ/U9I5gyA7
/SBXVXe6/kaoH3Ia3G0qEhsbPokqH9LwWhOTzLh/k097yexxnIUw8w84bykGSM0a
uH3KAKDma7ckFj4ybMc57eXxILaxPRzlnpyPKhQZQ5f2t+jNmxe/Rs80sPkYnMZY
RPvplt5iTJygI9P3H6VUqh7W3SeSPsjFgXlXPyWkO3tmU/yxGkykQZ9DaOA0hfEQ
Ip0I7lCQleXUYz9hcX7SxhFlj4PCtUGvtB07TMhwZbvHQtHLGKXqaWTfupP6k69D
XzVrR4/O2ObLOc9lVXgbED0iBosWAGofQ5+61wIDAQABAoIBAFFNXzpb7DXkP3pd
iryHS/5K6JeCmji0L/p671FpPLOqVww5xqpcAS+MUqLPffgBnhbtLSIQRdjCXXW5
ekjH2LdScmUIPYu0E4BvYuMieO/MQLaOLybqrDgHHzauoga3NK9rBOpcM7u9bR9S
M/cwPi3pDjpZgRgQVsV3pIsDQFCSrHXJugZkZY3S80Z0YujP49xydtSK3NzjnVsk
iSRFOs3SEq8MxznHnpXM+TehKRpNZDQ/oWxwUSRQ8rhDnBOOOir9L3gGvu/y6fSP
9cCHQJuSvkUaR5piTP7mHZQX3IfE6JvVoKZREf8SBSv9/6Tn/QQzve66H4r7w2H+
7ZK41nkCgYEA0hv90ZhC7TWAkrW/IaVgnmmPG2wPdmTg3h9PvHO9EMrfiPoMRZ1n
3kGKMXKkhpm5kWGc7mYI4x1nSuUptM+eCwqRUvlRj9rBThS0taOHpneTy4WNBCdH
kSH5flnDToT1YrmJsjTb1ylrDqCoZ2tg7ZBBKiRQcbTtJrMNARuK008CgYEAxmRS
Qe6WClbHHwCp89jaLR1BcLZUzcvHx4GyZm2V2vLMVuntyDGw7uOrH6neFGGrllmZ
+601UrA+vFSOawGF722yJT/Ya1Ni5pk4mRnlz3PvIAVNkWfu+jsd/pcnzaFdLFpJ
pL1ENxCC+n56d2twybtT/MAZV0104Eug5JTD3fkCgYBkzHsDn6mUBZPuTnUonh9x
QDEgtcHhSdo7lgf54Ai3UqzVGSjkCPT4wraarGZUENHe9laEZL0kwEl6u+A7V1N5
9pLrnKLNgeQ1ImfjsFV2vm1QOX0CnhmOfh8kx8mUFONofpyZuxQw8DTlKpxAKVqx
/f/VSOCy/Fq9sy6s9lqurwKBgQCkxBrg8SKhcZKsN+PuRjJk94Aq+PMTe+Pu2NNu
aCLmFXIJ2PyHoGVe8axkfrKXYMqd8sqFEERR6VghF2S0kC5JPGSQtSardDSWabhs
xupq0dFOWbkjQxthrQlrMOR4zkRQmqfA7wOha9Ar9DEHzy58DF1jc7NYI1cnFQiJ
7teBGQKBgQCS7vd/1VKb6HZigt2yN47/Y+sqQgR7oLQXC6SX+GjkXe3oekXwr1Hg
oT8DM1zMnc/a6kMpCkyKoNiIcxXhjCJoEfE29iYVQeBxct0mEHVDjNvsKhUWooIc
1CnQexjjE1WDxgx3vkj72/FYErxI1ORy69O2GqfUzW0qrT3DW+rVUQ==
-----END RSA PRIVATE KEY-----`,
  appPublicKey: `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAotP8wlXc/XUIbSf9GyKA
CbEsXULPsNFKIBr8+qQ/U9I5gyA7/SBXVXe6/kaoH3Ia3G0qEhsbPokqH9LwWhOT
zLh/k097yexxnIUw8w84bykGSM0auH3KAKDma7ckFj4ybMc57eXxILaxPRzlnpyP
KhQZQ5f2t+jNmxe/Rs80sPkYnMZYRPvplt5iTJygI9P3H6VUqh7W3SeSPsjFgXlX
PyWkO3tmU/yxGkykQZ9DaOA0hfEQIp0I7lCQleXUYz9hcX7SxhFlj4PCtUGvtB07
TMhwZbvHQtHLGKXqaWTfupP6k69DXzVrR4/O2ObLOc9lVXgbED0iBosWAGofQ5+6
1wIDAQAB
-----END PUBLIC KEY-----`,
  alipayPrivateKey: `-----BEGIN RSA PRIVATE KEY-----
MIIEogIBAAKCAQEAzRzd0sKFy/R6qs989o4X2If1kvWy4WvwBVQA0AKyiHGcgR//
of22E27ixaadlBYaMQBS36cWGpz0HG1UoO6X3JhAdKHh408kd85wud6D+16sB5An
j5gZr6IBihlQTBDViJKYw8bJiejMZcaK6xJZ7KaMRH6dNghGAT+oh9Zgmqy3oyo6
hhbv0N/MVX68zAdELpxMdwagI+b61+3QPXsDqUDznbzqifFTO6C/ddaOR/oWOEPu
zGM15W2vJWLug/8VTIcZx6ucMNUvf0whpxy5k2/oN6Ra9vqkYDPvnkSvb/MpJ5rx
QUHG60oI7YOLCVwzcYPjVPKnb74wZWF19weGMwIDAQABAoIBAFW3H/4RG2/Jqa+T
CQJSDCYJXzc8ZTYt8L6RRcunrOs3KzOM5zvPdlT1rF/zyntVpzleDMP5I9QYTi1J
BSpBuwXNPHZhJjBjZPaKN3J9SkN0Y0i/1cB8zBMpDSKkhHldOZcayCtceeGffzdy
+p/U6e5rBUgkb1diqrqf2zJ1BKbuEheBKyoWfikqfYcKycB34k+Gd6zO7yC3Qno5
Qc06RpKwOPBs3Z3HBbpJ5eSpXnuBQeSSP0KJQsPHElQPR3NE54D78OFmgk4xdmDh
cpiItSAK5MdGgC8g/lynGD7VIahXZbwQul/QQXUCAR5BuJ/hICkPE1+SXdTOUgVP
5b8bqEkCgYEA7yZgFIY1yhjpDNg5NoWv1mPcJodmSRm1R5uVzb23gm0C80z25RHn
UmSACipgq+BQXGofTMaMgMkv67ifesPagKKzL3R/X8uDiCr8yAlyuPf+O60B8Ehl
bxYB793b76OCAbkf3g8APlmGea6KdA2sF0sxNin9g9o2G1t7qB1dbhkCgYEA25CN
WN62tBYYQG96BWL/ySO+cL/eqyjjHFPxkBLpzrAIvl5k97e3ajbtaIiwDmA+X2d2
HEiCInp38xOJnFwNlD03jfEpkx5Qa0r7orZQl/rud5nyitvjP8WAQrBCFYXxpXna
JbG9A4uJ+C+fG9taacvWrhizMvylLWfp9Co3SCsCgYBDSCKj45Zig1udt39xLW9o
+7NGS7WlP0xXFxiwR33Hfe/kj3Suwbi433l+YqnL8VHqjhi8Oufwm6mVwd1sZomk
wyFyam4jf1hECQQRK0dRbsPh+iyfc17GQATPfTWRWAkNfw3OJZ5F7F3/AfIF8IrI
CumPeYTPgabTT4ucopZUkQKBgGy8QcPpSAIXjxsaGgvg41vxX7bmzpdlQFQfHlqD
g1bgxvPAO7CSQztOyHQkfUwhTcJhspR/NDNvA0hWPKg6zl7DkmexLy20rY71K3mB
YJhjpQWGMB+klf5XCRX9xDx0gR+6INbaFwlSaZmHu/xHvZb3Y/IEOXres86wz6Qj
5AzRAoGAVquJE16PIN6oYOHYu8Y43JePu/KOZ4LdglcMmHRGNb6o0q81L9EUDf56
NJDUaOgOysWT59eYYx0vOEqRVl4tNUe5SWmiwthfXIswy4VJeUef7aGRsb04iWFB
gdWbiPmJwVHdld3g+h5JccMEOOAWJyAbI5XaKsZP965t+Fio8Bc=
-----END RSA PRIVATE KEY-----`,
  alipayPublicKey: `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzRzd0sKFy/R6qs989o4X
2If1kvWy4WvwBVQA0AKyiHGcgR//of22E27ixaadlBYaMQBS36cWGpz0HG1UoO6X
3JhAdKHh408kd85wud6D+16sB5Anj5gZr6IBihlQTBDViJKYw8bJiejMZcaK6xJZ
7KaMRH6dNghGAT+oh9Zgmqy3oyo6hhbv0N/MVX68zAdELpxMdwagI+b61+3QPXsD
qUDznbzqifFTO6C/ddaOR/oWOEPuzGM15W2vJWLug/8VTIcZx6ucMNUvf0whpxy5
k2/oN6Ra9vqkYDPvnkSvb/MpJ5rxQUHG60oI7YOLCVwzcYPjVPKnb74wZWF19weG
MwIDAQAB
-----END PUBLIC KEY-----`,
} as const;

export interface AlipayKeys {
  appId: string;
  sellerId: string;
  /** Verifies the merchant app's requests. */
  appPublicKey: string;
  /** Signs responses, notifies and return URLs as Alipay. */
  alipayPrivateKey: string;
}
