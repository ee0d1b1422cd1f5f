# Random FENs of the 6-piece materials built for the load test in docs/TABLEBASES.md (kings only,
# K-KKKKM, K-KKKMM and their swaps). Usage: python3 fens6.py (writes paths6.txt)
import random, sys, urllib.parse
random.seed(2)
mats=['K-KKKKK','KKKKK-K','K-KKKKM','KKKKM-K','K-KKKMM','KKKMM-K','KK-KKKK','KKKK-KK','KKK-KKK']
out=[]
while len(out)<20000:
    m=random.choice(mats); w,b=m.split('-')
    sq=random.sample(range(1,33),len(w)+len(b))
    ok=True; W=[];B=[]
    for i,c in enumerate(w):
        s=sq[i]
        if c=='M' and s<=4: ok=False
        W.append(('K' if c=='K' else '')+str(s))
    for j,c in enumerate(b):
        s=sq[len(w)+j]
        if c=='M' and s>=29: ok=False
        B.append(('K' if c=='K' else '')+str(s))
    if not ok: continue
    fen=random.choice('WB')+':W'+','.join(W)+':B'+','.join(B)
    out.append('/?fen='+urllib.parse.quote(fen,safe=''))
open('paths6.txt','w').write('\n'.join(out)+'\n')
