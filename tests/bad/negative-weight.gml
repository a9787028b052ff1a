graph [
  node [ id 0 ]
  node [ id 1 ]
  edge [ source 0 target 1 weight 1 ]
  edge [ source 1 target 0
    weight -2 ]
]
