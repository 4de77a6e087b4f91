// The most common passwords, refused at registration, reset and change
// (NIST SP 800-63B §5.1.1.2: check new passwords against "passwords obtained
// from previous breach corpuses" and "commonly-used … values").
//
// Where the facts come from: the entries are well-known members of the public
// top-password lists compiled from breach corpora — the UK NCSC's
// "PwnedPasswordsTop100k" (from Have I Been Pwned, 2019), SecLists'
// Passwords/Common-Credentials/10-million-password-list-top-1000 (Daniel
// Miessler, from Mark Burnett's 10 million set) and the yearly NordPass
// "most common passwords" reports. Short ones are listed too, although the
// 8-character minimum already refuses them, so the list stays readable as data.
// Matching is case-insensitive and ignores surrounding spaces.
const COMMON_PASSWORDS_TEXT = `
123456 123456789 12345678 password qwerty 12345 qwerty123 1q2w3e 1234567 111111 1234567890 123123
abc123 000000 iloveyou password1 1234 qwertyuiop 123321 password123 654321 666666 987654321 121212
112233 555555 7777777 888888 11111111 123qwe 1qaz2wsx zaq12wsx q1w2e3r4t5y6 1q2w3e4r 1q2w3e4r5t
1q2w3e4r5t6y qazwsx qwe123 asdfgh asdfghjkl zxcvbnm zxcvbn qwerty1 qwerty12 qwertyu 123abc a123456
aa123456 abcd1234 abc12345 abcdef abcdefg abcdefgh 12341234 11223344 1111111 11111 22222222 33333333
44444444 55555555 66666666 77777777 88888888 99999999 00000000 12121212 123123123 147258369 159753
1234qwer 123456a 123456q 123456aa 12345a 12345q 12345qwert 123654 123456789a 1234567a 12345678a
987654 9876543210 741852963 789456123 789456 456789 147258 159357 246810 135790 102030 010203
password12 password1234 passw0rd p@ssw0rd p@ssword pa55word pass1234 password! password01 passwort
motdepasse contrasena senha123 haslo123 parola123 wachtwoord salasana lozinka jelszo heslo123
letmein letmein1 welcome welcome1 welcome123 admin admin123 admin1234 administrator root toor
changeme changeme123 default guest guest123 test test123 test1234 testing demo demo123 user user123
login login123 master master123 access access14 secret secret123 private temp1234 temporary
trustno1 whatever whatever1 nothing anything something freedom freedom1 superman superman1 batman
batman1 spiderman ironman starwars starwars1 pokemon pokemon1 naruto onepiece doraemon
football football1 baseball basketball soccer soccer1 hockey golfer tennis cricket rugby
liverpool liverpool1 chelsea chelsea1 arsenal arsenal1 manutd manchester manchesterunited
barcelona realmadrid juventus bayern dortmund celtic rangers everton tottenham newcastle
iloveyou1 iloveu loveme lovely loveyou lover princess princess1 angel angel1 babygirl baby123
sunshine sunshine1 shadow shadow1 monkey monkey1 dragon dragon1 tigger tiger michael jennifer
jordan jordan23 michelle daniel andrew joshua matthew charlie charlie1 robert thomas jessica
ashley ashley1 hannah amanda nicole jasmine samantha chocolate cookie butterfly flower
purple orange yellow silver golden diamond summer summer1 winter autumn spring hello hello123
hello1 hellokitty friends family family1 mother father computer internet google facebook
youtube twitter instagram linkedin microsoft apple samsung nokia blackberry mustang ferrari
porsche mercedes corvette harley yamaha kawasaki cheese pepper ginger peanut banana cherry
killer hunter hunter2 ranger rangers soldier warrior knight ninja pirate matrix mercury
qwerasdf qwerasdfzxcv asdf1234 asdfasdf zxcv1234 qweasd qweasdzxc qazxsw 1qazxsw2 1qaz2wsx3edc
zaq1zaq1 zaq1xsw2 q1w2e3r4 q1w2e3 a1b2c3 a1b2c3d4 abc123456 123456abc 1a2b3c 1a2b3c4d
aaaaaa aaaaaaaa qqqqqq zzzzzz asdasd asdasdasd qweqwe qwertyqwerty 123qweasd 123qweasdzxc
121314 131313 141414 101010 696969 420420 1212 2000 2020 2021 2022 2023 2024 2025 1990 1991
password2020 password2021 password2022 password2023 password2024 password2025 summer2023
summer2024 winter2023 winter2024 spring2024 autumn2024 january february december
football123 soccer123 liverpool123 chelsea123 arsenal123 barcelona123 qwerty123456 qwerty1234
iloveyou123 monkey123 dragon123 shadow123 superman123 batman123 pokemon123 sunshine123
letmein123 welcome12 welcome2024 abcd123 abcde12345 asd123 zxc123 qaz123 1qaz2wsx3edc4rfv
computer1 internet1 google123 facebook1 samsung123 iphone apple123 android windows linux
cocacola pepsi starbucks mcdonalds pizza pizza123 chicken hotdog hamburger cheeseburger
jesus jesus1 christ blessed blessing heaven god123 faith grace
fuckyou fuckoff asshole bitch bitch1 sexy sexy123 pussy
qwerty7 qwerty11 qwerty01 qwerty2 azerty azerty123 azertyuiop qwertz qwertz123 ytrewq
1111 0000 12345678910 1234554321 1122334455 123456654321 987654321a 9999999999
`;

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  COMMON_PASSWORDS_TEXT.split(/\s+/).filter((entry) => entry.length > 0),
);

export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
