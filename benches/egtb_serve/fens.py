# Random FENs for the load test of `shashki egtb serve`: N pieces at most, one request path a
# line. Usage: python3 fens.py MAX_PIECES SEED OUT
import random, sys, urllib.parse
random.seed(int(sys.argv[2]))
maxp=int(sys.argv[1]); out=[]
while len(out)<20000:
    n=random.randint(2,maxp); w=random.randint(1,n-1); b=n-w
    sq=random.sample(range(1,33),n)
    def piece(s,white):
        man_ok = (s>4) if white else (s<29)
        return ('' if (man_ok and random.random()<0.6) else 'K')+str(s)
    W=[piece(s,True) for s in sq[:w]]; B=[piece(s,False) for s in sq[w:]]
    fen=random.choice('WB')+':W'+','.join(W)+':B'+','.join(B)
    out.append('/?fen='+urllib.parse.quote(fen,safe=''))
open(sys.argv[3],'w').write('\n'.join(out)+'\n')
