graph [
 node [ id 0 ]
 node [ id 1 ]
 node [ id 2 ]
 edge [ source 0 target 1 weight 2 ]
 edge [
 source 1 target 2
  weight NaN ]
]
