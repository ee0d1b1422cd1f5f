# Malformed requests for `shashki egtb serve`, each on a fresh connection; prints how many got
# each status ("closed": no answer). Usage: python3 garbage.py PORT COUNT
import socket, random, sys, os
random.seed(7)
port=int(sys.argv[1]); n=int(sys.argv[2])
kinds=[lambda: bytes(random.getrandbits(8) for _ in range(random.randint(1,400))) + b"\r\n\r\n",
       lambda: b"GET /?fen=" + bytes(random.choice(b"WBK:,0123456789%zx-") for _ in range(random.randint(0,60))) + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
       lambda: b"GET /?fen=" + b"1"*5000 + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
       lambda: b"GET / HTTP/1.1\r\nX: " + b"a"*40000 + b"\r\n\r\n",
       lambda: b"DELETE /?fen=W:WK1:B20 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
       lambda: b"GET /?fen=W:W1,2,3,4,5,6,7,8:B20 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
       lambda: b"GET /\xff\xfe HTTP/1.1\r\n\r\n",
       lambda: b"POST / HTTP/1.1\r\nContent-Length: 100000000\r\n\r\n" + b"x"*1000]
statuses={}
for i in range(n):
    s=socket.create_connection(("127.0.0.1",port)); s.settimeout(15)
    try:
        s.sendall(random.choice(kinds)())
        data=s.recv(200)
        st=data.split(b" ")[1].decode() if data.startswith(b"HTTP/1.1") else "closed"
    except Exception as e:
        st="closed"
    statuses[st]=statuses.get(st,0)+1
    s.close()
print(statuses)
