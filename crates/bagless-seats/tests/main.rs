mod serving;
